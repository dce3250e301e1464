/**
 * The identity port, and what the sign-in routes in modules/auth use of the Google
 * adapter (its guards, the request they fill, the endpoints tests point at a fake);
 * google-identity.module.ts wires them. Others import only this file or
 * google-identity.module.ts (tools/eslint/module-boundaries.cjs).
 */
export * from './identity.port';
export { GoogleCallbackGuard, GoogleSignInGuard, type GoogleRequest } from './google-auth.guards';
export type { GoogleOAuthEndpoints } from './google.strategy';
