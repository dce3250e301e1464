import type {
  CorsOptions,
  CorsOptionsDelegate,
} from '@nestjs/common/interfaces/external/cors-options.interface';
import type { Request } from 'express';
import type { AppConfig } from '../config/app-config';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../public-api/idempotency-key';
import { isPublicApiPath } from '../public-api/public-api-path';

/**
 * Which pages may call the api from a browser. The staff and signing apps' routes: only the
 * configured frontends (CORS_ORIGINS), with their session cookie. The public api (`/api/v1`):
 * any page, without cookies: a request there acts with the API key it presents, so a
 * browser-based integrator may call it from its own site (OriginGuard lets it through too).
 */
export function corsPolicy(config: AppConfig): CorsOptionsDelegate<Request> {
  const staff: CorsOptions = { origin: config.CORS_ORIGINS, credentials: true };
  const publicApi: CorsOptions = {
    origin: '*',
    credentials: false,
    allowedHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_KEY_HEADER],
    exposedHeaders: [
      'Location',
      'Retry-After',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'RateLimit-Policy',
      IDEMPOTENT_REPLAYED_HEADER,
    ],
    maxAge: 600,
  };
  return (request, callback) =>
    callback(null, isPublicApiPath(request.path ?? '') ? publicApi : staff);
}
