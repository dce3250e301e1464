/**
 * Document templates: what other modules may use (document-cleanup asks whether a version uses
 * an upload); the rest of this directory is internal (tools/eslint/module-boundaries.cjs).
 */
export { DocumentTemplateRepository } from './document-template.repository';
