/**
 * The maps port; the adapters are internal (maps.module.ts picks one).
 * Others import only this file or maps.module.ts (tools/eslint/module-boundaries.cjs).
 */
export * from './maps.port';
