import type { DocLinkMode } from '@prosign/domain';
import type { DocumentsAdapter } from '../../platform/config/app-config';
import type { DocumentRecord } from './store/document.schema';

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
}

export interface SignaturePlacement {
  signaturePng: Buffer;
  initialsPng: Buffer;
  signerName: string;
  signedAt: Date;
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
  placeSignature(docId: string, placement: SignaturePlacement): Promise<void>;
  /** `record`: the document's record when the caller has just read it (saves the adapter a read). */
  exportPdf(docId: string, record?: DocumentRecord): Promise<Buffer>;
  /** Link to a document of this adapter, in the `/d/{id}/{mode}` shape. */
  docLink(docId: string, mode: DocLinkMode): string;
}
