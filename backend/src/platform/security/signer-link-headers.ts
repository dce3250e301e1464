import {
  type MiddlewareConsumer,
  Module,
  type NestModule,
  type RequestMethod,
  SetMetadata,
} from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryModule, DiscoveryService, Reflector } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';

/**
 * Link hardening of the signer's calls: signing links carry their
 * token in the path and the answers carry the agreement, so they are never
 * indexed, never name the page in a referrer, and never stored by a browser
 * or a proxy. The signing app's pages send the same (scripts/serve-frontend.mjs,
 * deploy/web).
 */
const SIGNER_LINK_HEADERS = {
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
} as const;

const SIGNER_LINK = 'prosign:signerLink';

/**
 * Marks a controller or a handler as a signer's call: every response of its
 * routes (refusals by a guard included) carries `SIGNER_LINK_HEADERS`.
 */
export const SignerLinkHeaders = () => SetMetadata(SIGNER_LINK, true);

/** Sets the signer link headers; a handler does not change them afterwards. */
function signerLinkHeaders(_request: Request, response: Response, next: NextFunction): void {
  for (const [name, value] of Object.entries(SIGNER_LINK_HEADERS)) response.setHeader(name, value);
  next();
}

type HandlerOwner = { metatype?: unknown };

function pathsOf(target: object): string[] {
  const value = Reflect.getMetadata(PATH_METADATA, target) as string | string[] | undefined;
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function joined(...parts: string[]): string {
  return parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
}

/** The routes (path without the global prefix, method) of the handlers marked `SignerLinkHeaders`. */
function signerLinkRoutes(
  controllers: HandlerOwner[],
  reflector: Reflector,
): { path: string; method: RequestMethod }[] {
  const routes: { path: string; method: RequestMethod }[] = [];
  for (const { metatype } of controllers) {
    if (typeof metatype !== 'function') continue;
    const controller = metatype as new (...args: never[]) => unknown;
    const whole = reflector.get<boolean>(SIGNER_LINK, controller) === true;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = name === 'constructor' ? undefined : prototype[name];
      if (typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      if (!whole && reflector.get<boolean>(SIGNER_LINK, handler) !== true) continue;
      for (const base of pathsOf(controller).length ? pathsOf(controller) : ['']) {
        for (const path of pathsOf(handler)) routes.push({ path: joined(base, path), method });
      }
    }
  }
  return routes;
}

/** Applies `signerLinkHeaders` before the guards on every route marked `SignerLinkHeaders`. */
@Module({ imports: [DiscoveryModule] })
export class SignerLinkHeadersModule implements NestModule {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    const routes = signerLinkRoutes(this.discovery.getControllers(), this.reflector);
    if (routes.length > 0) consumer.apply(signerLinkHeaders).forRoutes(...routes);
  }
}
