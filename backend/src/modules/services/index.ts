/**
 * Services (the firm's service catalogue): what other modules may use;
 * the rest of this directory is internal. Other modules import only this file or
 * its *.module files (tools/eslint/module-boundaries.cjs).
 */
export { ServiceRepository } from './service.repository';
export { TermsRepository } from './terms.repository';
export { ServicesSeeder } from './services.seeder';
