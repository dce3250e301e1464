import type { DocLinkMode } from '@prosign/domain';
import type { DocumentsAdapter } from '../../platform/config/app-config';
import type { DocumentRecord, PlacedFieldValues } from './store/document.schema';

/** Injection token of the documents port. */
export const DOCUMENTS_PORT = Symbol('DOCUMENTS_PORT');

export interface CopyTemplateRequest {
  /** The template document to copy. */
  templateDocId: string;
  /** Title of the new document. */
  title: string;
  /** Value of each `$placeholder`, by name without the `$`. */
  values: Record<string, string>;
  /**
   * Edited clause texts replacing the template's by section name (Google
   * templates hold them as `$sectionName` placeholders). They may contain
   * placeholders themselves.
   */
  sectionOverrides?: Record<string, string>;
  /** The document's date; fixed so the same document renders the same bytes. */
  documentDate: Date;
  /**
   * Who signs: one signature block per signer and, with a countersigner, the firm's
   * block signed instead of printed. Absent: the template's one client (`clientName`), recipient
   * SINGLE_SIGNER_RECIPIENT_ID, and the firm's printed signatory, as before recipients.
   */
  signatureParties?: SignatureParties;
}

/** A signer as the creation names them; the label defaults to the template's ("Client", "Client 2"…). */
interface SignatureSigner {
  /** `Recipient.id`: letters, digits, `_` and `-` only. */
  recipientId: string;
  name: string;
  label?: string;
}

/** The firm's countersigner (a staff user); the title defaults to COUNTERSIGNER_DEFAULT_TITLE. */
interface SignatureCountersigner {
  recipientId: string;
  name: string;
  title?: string;
}

/** The countersigner's title in the firm's block when the creation names none. */
export const COUNTERSIGNER_DEFAULT_TITLE = 'Authorized Signatory';

/** What a recipient id may be: it names the recipient's key in the document record. */
export const RECIPIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface SignatureParties {
  /** At least one, in the order of their blocks. */
  signers: SignatureSigner[];
  countersigner?: SignatureCountersigner;
}

export interface SignaturePlacement {
  signaturePng: Buffer;
  initialsPng: Buffer;
  signerName: string;
  signedAt: Date;
  /**
   * Whose signature it is (`Recipient.id`): stamped into that recipient's slots only. Absent:
   * the single signer of a document laid out before recipients.
   */
  recipientId?: string;
  /**
   * An uploaded document's ("document" family) values this recipient filled, placed with the
   * signature in the same update (`fieldValues.<recipientId>`, SINGLE_SIGNER_RECIPIENT_ID's
   * when `recipientId` is absent). Absent: a document without placed fields.
   */
  fieldValues?: PlacedFieldValues;
}

/**
 * Agreement documents: copy a template filling its placeholders, place the
 * signer's signature and initials, export as PDF. Adapters: the embedded local
 * engine (MongoDB + GridFS) and Google Docs/Drive. Audit trails, merged, void
 * and sealed PDFs are produced from exported PDFs by the documents service,
 * whichever adapter runs.
 */
export interface DocumentsPort {
  readonly adapter: DocumentsAdapter;
  /**
   * Refuses an unknown template (404) and data that leaves a placeholder unfilled (400). Only
   * registered templates reach it: the documents service refuses any other id before the copy.
   */
  copyTemplate(request: CopyTemplateRequest): Promise<{ docId: string }>;
  /**
   * Places one recipient's signature; each recipient's placement is kept apart, and placing
   * again for the same recipient replaces theirs. The Google engine has one signer only.
   * The local engine answers with the document's record as the placement left it.
   */
  placeSignature(docId: string, placement: SignaturePlacement): Promise<DocumentRecord | void>;
  /**
   * Sets who signs a contract not signed by anyone yet (the send knows its recipients once the
   * document exists): its signature block is laid out again for them, as a new revision. The
   * same parties again change nothing. 409 once a signature is placed; the Google engine
   * refuses more than one signer or a countersigner (400) and otherwise has nothing to change.
   */
  setSignatureParties(docId: string, parties: SignatureParties): Promise<{ revision: number }>;
  /**
   * Prints `name` in a signer's block instead of the name it was laid out with (a hand-over),
   * while no signature is placed: a placed one was signed under the old layout.
   * Answers the revision whether or not it changed. Absent: the engine prints no block names.
   */
  renameSigner?(
    docId: string,
    recipientId: string,
    name: string,
  ): Promise<{ revision: number; renamed: boolean }>;
  /**
   * A new document with the same text and signers and no signature placed: what a resend
   * sends when some signers had signed the first one (their marks must not show as signed).
   * The Google engine places the one signer's signature only at the finish, so it has none to
   * leave out and answers with the same document.
   */
  unsignedCopy(docId: string): Promise<{ docId: string }>;
  /** `record`: the document's record when the caller has just read it (saves the adapter a read). */
  exportPdf(docId: string, record?: DocumentRecord): Promise<Buffer>;
  /** Link to a document of this adapter, in the `/d/{id}/{mode}` shape. */
  docLink(docId: string, mode: DocLinkMode): string;
}
