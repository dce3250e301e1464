import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { LARGEST_FORM_TEXT_LENGTH } from '@prosign/domain';
import cookieParser from 'cookie-parser';
import { ApiModule, type ApiModuleOptions } from './api.module';
import type { AppConfig } from './platform/config/app-config';
import { RedisIoAdapter } from './platform/realtime/redis-io.adapter';
import { noStoreByDefault, securityHeaders } from './platform/security/security-headers';
import { AppLogger } from './platform/logging/app-logger';
import { registerSecretRoutes } from './platform/logging/redact-request';
import { corsPolicy } from './platform/security/cors-policy';
import { ProductMetrics } from './platform/metrics/product-metrics';
import { requestMetrics } from './platform/metrics/request-metrics';
import { requestTracing } from './platform/tracing/trace-requests';
import { withTracing } from './platform/tracing/tracing.module';

export const API_PREFIX = 'api';

interface ExpressApp {
  disable(setting: string): void;
  set(setting: string, value: unknown): void;
  router?: { stack: Array<{ route?: { path?: unknown } }> };
}

/** The paths of the routes the app serves, global prefix included (`/api/co/finish/:customId`). */
function routePathsOf(express: ExpressApp): string[] {
  return (express.router?.stack ?? [])
    .map((layer) => layer.route?.path)
    .filter((path): path is string => typeof path === 'string');
}

/**
 * The JSON body limit: the largest form the UI accepts at full length, each character
 * as up to 3 bytes of UTF-8, plus room for its other fields; never below 1 MB.
 * (express's default, 100 kB, refused valid contract sends with long clauses.)
 */
const JSON_BODY_LIMIT_BYTES = Math.max(1024 * 1024, LARGEST_FORM_TEXT_LENGTH * 3 + 64 * 1024);

/**
 * Builds the api application, ready to `listen()`. Shared by main.api.ts and the
 * integration tests so both run exactly the same set-up.
 */
export async function createApiApp(
  config: AppConfig,
  options: ApiModuleOptions = {},
): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    withTracing(ApiModule.forRoot(config, options)),
    {
      bufferLogs: true,
      // The bytes of a JSON body as received, beside the parsed one: a signed request (the local
      // webhook inbox) is verified over exactly what was signed.
      rawBody: true,
    },
  );
  app.useLogger(app.get(AppLogger));
  app.setGlobalPrefix(API_PREFIX);
  const express = app.getHttpAdapter().getInstance() as ExpressApp;
  // Do not advertise the framework to scanners.
  express.disable('x-powered-by');
  // Behind a load balancer every request comes from the balancer: the signer's and staff's own
  // addresses (audit trails, rate limits) are then the forwarded ones, as many hops back as set.
  if (config.TRUST_PROXY_HOPS > 0) express.set('trust proxy', config.TRUST_PROXY_HOPS);
  // Every request timed by its route pattern (README, Metrics), errors and refusals included.
  app.use(requestMetrics(app.get(ProductMetrics)));
  // While tracing runs (README, "Traces"): a server span for each request, named by its route.
  const traceRequests = requestTracing();
  if (traceRequests) app.use(traceRequests);
  // Security headers (CSP, frame-ancestors of the frontends, nosniff, HSTS in production) and
  // no caching of what the API answers, on every response, errors included.
  app.use(securityHeaders(config), noStoreByDefault);
  // Credentials: staff sessions are httpOnly cookies sent from the frontends' origins; the
  // public api is called with a key, from any page.
  app.enableCors(corsPolicy(config));
  // Bodies as large as the largest valid form; larger ones answer 413.
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT_BYTES });
  app.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT_BYTES, extended: true });
  // The staff session id arrives in the prosign_sid cookie.
  app.use(cookieParser());

  const ioAdapter = new RedisIoAdapter(app, config);
  await ioAdapter.connectToRedis();
  app.useWebSocketAdapter(ioAdapter);
  await app.init();
  // Request logs redact a route's secret parameters (`:token`, `:customId`) by name.
  registerSecretRoutes(routePathsOf(express));
  return app;
}
