// The fixed lists and defaults the configuration sections validate against.
import { type DocumentsAdapter, type IdentityAdapter, type SealLevel } from '@prosign/domain';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// Each port runs its real adapter or the embedded local default (docs/architecture.md#the-pieces); the
// lists live in the domain, with the frontends' runtime configuration.
export { type DocumentsAdapter, type IdentityAdapter, type SealLevel };

export type NodeEnv = (typeof NODE_ENVS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What an invoice says about paying when INVOICE_PAYMENT_INSTRUCTIONS is not set. */
export const DEFAULT_INVOICE_PAYMENT_INSTRUCTIONS =
  'Pay by check payable to Bayline Engineering Group, Inc., mailed to 1450 Harbor Bay Parkway, ' +
  'Suite 220, Alameda, CA 94502, or by bank transfer to the account on file with your project ' +
  'manager.';

/** The delete password of a fresh development or test install (spec 1 §6). */
export const DEMO_SERVICE_DELETE_PASSWORD = 'prosign-demo';

export const DEFAULT_CORS_ORIGINS = [8080, 8081, 8082, 8083, 8084].map(
  (port) => `http://localhost:${port}`,
);
