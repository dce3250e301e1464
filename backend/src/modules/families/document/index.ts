/**
 * Uploaded-document agreements: what other modules may use (the public api creates them); the
 * rest of this directory is internal (tools/eslint/module-boundaries.cjs).
 */
export { DocumentCreationService } from './document-creation.service';
