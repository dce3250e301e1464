import type { Field, FieldPlacement, FieldValue, PlacementPage } from '../pdf-fields/field-model';

/**
 * The "document" family's own API (any uploaded PDF, fields placed for each recipient), besides
 * what every link family has (`/api/document/verify-link/:customId`, `get-contract`, `finish`, …).
 *
 * Recipient ids are the agreement core's: `signer-1`, `signer-2`, … in signing order and
 * `firm` (COUNTERSIGNER_RECIPIENT_ID) for the firm's countersigner. The firm's countersigner
 * fills only signature, initials, date signed, name and e-mail fields (the countersign page
 * stamps them from the countersignature); a send refuses other kinds for the firm.
 */

/** `POST /api/document/create-contract` (staff): the document to send, made from a saved draft. */
export interface DocumentCreateRequest {
  draftId: string;
  /** A template's version the draft came from, kept with the agreement. */
  template?: { id: string; version: number } | null;
}

/** What `create-contract` answers: the document's link, as every family's create does. */
export interface DocumentCreateResponse {
  docLink: string;
}

/**
 * The form of `POST /api/document/send-contract` besides the send envelope every family's send
 * takes (`docLink`, `additional_signers`, `signing_order`, `countersigner`,
 * `require_email_code`, `replacesId`). The first signer is `signer_*`; `signer-2`… are
 * `additional_signers` in order; `firm` is `countersigner`. 400 naming each problem when the
 * document's fields do not fit these recipients (`placementProblems`).
 */
export interface DocumentSendForm {
  title: string;
  signer_name: string;
  signer_email: string;
  signer_phone?: string;
  /** A HubSpot deal; '' for none (no write-back). */
  deal_id?: string;
  csm_email: string;
  /** Comma-separated addresses that get copies. */
  cc_emails?: string;
  /** Days until the links expire; absent for the firm's default. */
  expires_in_days?: number | null;
}

/** A recipient as the signing page names them on fields that are not theirs ("for Ann Lee"). */
export interface DocumentSigningRecipient {
  id: string;
  name: string;
  role: 'signer' | 'countersigner';
  /** Whether they have finished (their values are drawn into `pdfUrl`'s PDF). */
  signed: boolean;
}

/** An attachment a recipient uploaded for a field, as their page and staff see it. */
export interface DocumentAttachmentInfo {
  id: string;
  fieldId: string;
  name: string;
  /** The MIME type its content shows (not its name). */
  type: string;
  bytes: number;
  sha256: string;
}

/**
 * `GET /api/document/fields/:customId` (the same guards as `get-contract`: captcha pass, e-mail
 * code): the document as this link's recipient fills it. The signer core's state comes from
 * `get-contract` as for every link family.
 */
export interface DocumentSigningView {
  title: string;
  fileName: string;
  /** `/api/document/pdf/:customId`: the PDF as it stands (earlier signers' values drawn in). */
  pdfUrl: string;
  pages: PlacementPage[];
  /** Every field; those whose `recipientId` is not `recipientId` are shown as "for {name}". */
  fields: Field[];
  /** The recipient this link is for. */
  recipientId: string;
  recipients: DocumentSigningRecipient[];
  /** The values this recipient saved so far, by field id. */
  values: Record<string, FieldValue>;
  /** This recipient's uploaded attachments by field id. */
  attachments: Record<string, DocumentAttachmentInfo>;
  /** IANA time zone dates are shown and drawn in. */
  timeZone: string;
}

/**
 * `PUT /api/document/field-values/:customId` `{ values }` (the recipient's own fields; signature
 * and initials fields take the literal value `"signed"` once their signature is saved; an
 * attachment field takes the uploaded attachment's id). Each value is checked
 * (`fieldValueProblem`); 400 naming each problem, nothing saved. `finish` refuses (400, each
 * missing field named: `submittedValuesProblems`) while a required field is empty.
 */
export interface DocumentFieldValuesSave {
  values: Record<string, FieldValue>;
}

export interface DocumentFieldValuesSaved {
  values: Record<string, FieldValue>;
  progress: { done: number; required: number };
}

/** What signature and initials fields hold once the recipient's signature is saved. */
export const SIGNED_FIELD_VALUE = 'signed';

/**
 * A prepared document kept to send again: roles ("Client", "Engineer of record") instead of
 * people; each save of a template is a new version, and an agreement keeps the version it
 * was sent from.
 */
export interface DocumentTemplateRole {
  /** The recipient id the role's fields carry: `signer-n` or `firm`. */
  id: string;
  name: string;
}

export interface DocumentTemplateSummary {
  id: string;
  name: string;
  version: number;
  fileName: string;
  pageCount: number;
  fieldCount: number;
  roles: DocumentTemplateRole[];
  archived: boolean;
  updatedAt: string;
  updatedBy: string;
}

export interface DocumentTemplate extends DocumentTemplateSummary {
  uploadId: string;
  placement: FieldPlacement;
}

/**
 * `POST /api/documents/templates` (a new template) and `PUT /api/documents/templates/:id` (a
 * new version): a draft's upload and fields (or, for a new version, a placement on the last
 * version's upload), with a role named for each recipient the fields are for (keyed by the
 * draft's recipient ids; stored as `signer-n` in signing order and `firm`).
 */
export interface DocumentTemplateSave {
  draftId?: string;
  placement?: FieldPlacement;
  name: string;
  roles: DocumentTemplateRole[];
}

/** `POST /api/documents/templates/:id/drafts`: a builder draft with a person for each role. */
export interface DocumentTemplateUse {
  /** The version to use; the newest when absent. */
  version?: number;
  people: Record<string, { name: string; email: string }>;
}
