/**
 * The CRM port; the adapters are internal (crm.module.ts picks one). Also the local
 * CRM's data for the local maps adapter and the demo seeders: never for controllers.
 * Others import only this file or crm.module.ts (tools/eslint/module-boundaries.cjs).
 */
export * from './crm.port';
export { containsPattern, localCrmCollections } from './local-crm.collections';
export { localCrmDemoData } from './local-crm.demo-data';
export { LocalCrmSeeder } from './local-crm.seeder';
