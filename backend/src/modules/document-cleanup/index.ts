/**
 * The clean-up of builder drafts and unused uploads: what other modules may use (diagnostics'
 * `system` queue processor runs its job); the rest of this directory is internal.
 */
export {
  DOCUMENT_CLEANUP_JOB,
  DocumentCleanupService,
  type DocumentCleanupResult,
} from './document-cleanup.service';
