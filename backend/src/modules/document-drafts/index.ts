/**
 * The field builder's drafts: what other modules may use (a document is created from one;
 * document-templates makes drafts of its templates and checks a placement as a draft save does;
 * document-cleanup deletes drafts left untouched);
 * the rest of this directory is internal (tools/eslint/module-boundaries.cjs).
 */
export { DocumentDraftRepository } from './document-draft.repository';
export { DocumentDraftsService } from './document-drafts.service';
export { DraftBodyError, draftFields } from './draft-body';
