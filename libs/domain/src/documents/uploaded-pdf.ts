import type { Field, PlacementPage } from '../pdf-fields/field-model';

/**
 * `POST /api/documents/upload` (staff, multipart, the PDF in the part `file`): a PDF staff
 * upload to become a "document" agreement, as the server stored it, with the fields it found.
 * Refused (400, 413 over the size or page limit) with the reason in `message`, storing nothing.
 */
export interface UploadedPdf {
  /** The stored file's id: what a "document" agreement is created from. */
  uploadId: string;
  /** SHA-256 (hex) of the stored bytes: the file as cleaned, not as uploaded. */
  sha256: string;
  fileName: string;
  pageCount: number;
  pages: PlacementPage[];
  /**
   * The fields its AcroForm (for the first signer) and its text tags (for the signer each
   * names) ask for; recipient ids are stand-ins until the agreement has recipients:
   * `signer-n` is the nth signer in signing order, `firm` (COUNTERSIGNER_RECIPIENT_ID) the firm's
   * countersigner: the agreement core's ids.
   */
  fields: Field[];
  /** The fields found, in words ("12 fields found: 8 from the form, 4 from tags"). */
  report: string;
  /** The active content taken out of the file, in words ("Document JavaScript (2 scripts)"); [] for none. */
  removed: string[];
  /** What staff should know: signatures that filling invalidates, tags that could not be read. */
  warnings: string[];
}
