/**
 * The field builder's drafts: what other modules may use (a document is created from one); the
 * rest of this directory is internal (tools/eslint/module-boundaries.cjs).
 */
export { DocumentDraftsService } from './document-drafts.service';
