import type { FieldPlacement } from '../pdf-fields/field-model';
import type { PlacementRecipient } from '../pdf-fields/field-rules';

/** A signer (or the firm's countersigner) of a draft, as the builder lists them. */
export type DraftSigner = PlacementRecipient;

/**
 * A "document" agreement being prepared in the field builder (staff): the uploaded PDF, the
 * fields placed on it and the signers they are for, saved as staff work so a reload or another
 * day finds it again. Only its creator or an admin reads or writes it.
 *
 * `POST /api/documents/drafts` `{ uploadId }` creates one with the intake's pages and fields;
 * `GET /api/documents/drafts/:id` reads it; `PUT /api/documents/drafts/:id`
 * `{ revision, placement, signers }` saves it (the pages are the file's and are not taken from
 * the body) and answers {@link DocumentDraftSaved}: 409 when `revision` is not the stored one
 * (another tab saved since), 400 with the reason in `message` for a malformed placement.
 */
export interface DocumentDraft {
  id: string;
  uploadId: string;
  fileName: string;
  placement: FieldPlacement;
  signers: DraftSigner[];
  /** The staff member who created it (e-mail). */
  createdBy: string;
  /** ISO 8601. */
  updatedAt: string;
  /** Counts saves from 1; a save names the one it was made from. */
  revision: number;
  /**
   * The template version it was made from (`POST /api/documents/templates/:id/drafts`), kept
   * with the agreement sent from it; null for a draft of an upload.
   */
  template: DocumentTemplateVersionRef | null;
}

/** A template's version, as a draft and the agreement sent from it keep it. */
export interface DocumentTemplateVersionRef {
  id: string;
  version: number;
}

/** What `PUT /api/documents/drafts/:id` answers. */
export interface DocumentDraftSaved {
  revision: number;
  /** ISO 8601. */
  updatedAt: string;
}

/** The body of `PUT /api/documents/drafts/:id`. */
export interface DocumentDraftSave {
  revision: number;
  placement: FieldPlacement;
  signers: DraftSigner[];
}
