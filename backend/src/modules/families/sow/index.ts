/**
 * Scope-of-Work contracts: what other modules may use; the rest of this
 * directory is internal. Other modules import only this file or its *.module
 * files (tools/eslint/module-boundaries.cjs).
 */
export { SowTemplatesSeeder } from './sow-templates.seeder';
export { SowCreationService } from './sow-creation.service';
export { SowTemplatesService } from './sow-templates.service';
