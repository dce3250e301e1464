/**
 * Change orders: what other modules may use; the rest of this directory is
 * internal. Other modules import only this file or its *.module files
 * (tools/eslint/module-boundaries.cjs).
 */
export { CoTemplatesSeeder } from './co-templates.seeder';
export { CoTemplateRepository } from './co-template.repository';
export { CoCreationService } from './co-creation.service';
