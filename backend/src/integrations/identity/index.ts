/**
 * The identity port; Google's strategy and guards are internal (identity.module.ts
 * wires them). Others import only this file or identity.module.ts
 * (tools/eslint/module-boundaries.cjs).
 */
export * from './identity.port';
