/**
 * The captcha port and what the captcha module builds its passes with; the adapters
 * are internal (captcha.module.ts picks one). Others import only this file or
 * captcha.module.ts (tools/eslint/module-boundaries.cjs).
 */
export * from './captcha.port';
export { readToken, signToken } from './signed-token';
export { LOCAL_CHALLENGE_TTL_MS } from './local-captcha.adapter';
