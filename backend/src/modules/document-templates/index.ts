/**
 * Document templates: what other modules may use (document-cleanup asks whether a version uses
 * an upload, the public api reads and uses templates); the rest of this directory is internal (tools/eslint/module-boundaries.cjs).
 */
export { DocumentTemplateRepository } from './document-template.repository';
export { DocumentTemplatesService } from './document-templates.service';
