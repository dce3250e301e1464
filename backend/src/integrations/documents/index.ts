/**
 * The documents port; the adapters are internal (documents-port.module.ts picks one).
 * Others import only this file or documents-port.module.ts (tools/eslint/module-boundaries.cjs).
 */
export * from './documents.port';
