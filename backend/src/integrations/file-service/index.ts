/**
 * The file-service port; the adapters are internal (file-service.module.ts picks one).
 * Others import only this file or file-service.module.ts (tools/eslint/module-boundaries.cjs).
 */
export * from './file-service.port';
