import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';
import { frontendOriginsOf } from './frontend-origins';

/**
 * Security headers on every API response (helmet): the API serves JSON and
 * PDFs only, so its CSP allows nothing to load or run (`default-src 'none'`,
 * no plugins, no base or form targets) and lets exactly the frontend origins
 * frame it (agreement previews); nosniff; no referrer; HSTS in production
 * only (development runs on plain http://localhost). X-Frame-Options is left
 * out: it cannot name several origins, and frame-ancestors supersedes it.
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: frontendOriginsOf(config),
      },
    },
    strictTransportSecurity:
      config.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: false,
    // Agreement PDFs are fetched by the frontends on other origins of the same site.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/**
 * Responses are not stored by browsers or proxies unless a route says
 * otherwise (the time-stamp authority's CRL): session answers, signer data,
 * document PDFs, captcha passes and staff data are per person and often carry
 * links that open agreements. The signer's calls and the documents say so
 * themselves too (SignerLinkHeaders).
 */
export function noStoreByDefault(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', 'no-store');
  next();
}
