import type { FieldPlacement, FieldValue } from '@prosign/domain';

/** One recipient who finished: what is drawn into their fields. */
export interface RecipientFill {
  recipientId: string;
  name: string;
  email: string;
  /** Their finish: the date-signed fields show it, in the document's time zone. */
  signedAt: Date;
  signaturePng: Buffer;
  initialsPng: Buffer;
  /** By field id (an attachment field holds its attachment's id). */
  values: Record<string, FieldValue>;
}

/** A file a recipient attached: embedded in the PDF as an attached file. */
export interface FillAttachment {
  id: string;
  fieldId: string;
  recipientId: string;
  name: string;
  type: string;
  bytes: Buffer;
  sha256: string;
}

export interface FillRequest {
  /** The uploaded PDF as the intake stored it. */
  pdf: Buffer;
  placement: FieldPlacement;
  /** Only those who finished: the fields of the others stay empty. */
  recipients: RecipientFill[];
  attachments: FillAttachment[];
  /** IANA time zone of the dates drawn. */
  timeZone: string;
}

/**
 * The uploaded PDF with each finished recipient's values drawn into the page content (fonts
 * embedded; checkbox and radio glyphs; dates in `timeZone`), every text tag covered, the form
 * flattened and the attachments embedded as attached files.
 */
export async function fillPlacedFields(
  request: FillRequest,
): Promise<{ pdf: Buffer; pageCount: number }> {
  // Built by the doc-seal branch; this stub fixes the shape the engine calls.
  void request;
  throw new Error('fillPlacedFields is not built yet');
}
