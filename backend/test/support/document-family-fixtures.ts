import type { DocumentDraft, UploadedPdf } from '@prosign/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { StaffHttp } from './staff-session';

/** What the tagged fixture asks of each recipient. */
interface TaggedDocument {
  /** Signers in signing order: each gets a signature and a date-signed tag. */
  signers: number;
  /** The firm's countersigner: a signature tag. */
  firm?: boolean;
  /** Extra tags typed on the page (a text field for signer 3, a firm's text field…). */
  extraTags?: string[];
}

/** The tagged fixture's first line, as its PDF says it. */
export const TAGGED_DOCUMENT_HEADING = 'Subcontractor agreement';

/** A one-page PDF with text tags (docs/field-tags.md) for each recipient asked. */
export async function taggedDocumentPdf(document: TaggedDocument): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText(TAGGED_DOCUMENT_HEADING, { x: 72, y: 720, size: 16, font });
  page.drawText('The parties agree to the work described in the attached scope.', {
    x: 72,
    y: 690,
    size: 11,
    font,
  });
  let y = 600;
  for (let signer = 1; signer <= document.signers; signer += 1) {
    page.drawText(`{{signature:${signer}}}`, { x: 72, y, size: 12, font });
    page.drawText(`{{date:${signer}}}`, { x: 340, y, size: 12, font });
    y -= 60;
  }
  if (document.firm) {
    page.drawText('{{signature:firm}}', { x: 72, y, size: 12, font });
    y -= 60;
  }
  for (const tag of document.extraTags ?? []) {
    page.drawText(tag, { x: 72, y, size: 12, font });
    y -= 40;
  }
  return Buffer.from(await pdf.save());
}

/** Uploads a PDF through the real route and makes a builder draft of it; the draft's id. */
export async function documentDraftOf(by: StaffHttp, pdf: Buffer): Promise<DocumentDraft> {
  const uploaded = await by()
    .post('/api/documents/upload')
    .attach('file', pdf, { filename: 'subcontract.pdf', contentType: 'application/pdf' })
    .expect(200);
  const upload = uploaded.body as UploadedPdf;
  const draft = await by()
    .post('/api/documents/drafts')
    .send({ uploadId: upload.uploadId })
    .expect(201);
  return draft.body as DocumentDraft;
}

/** A valid send form of a document for one signer, without its envelope. */
export function documentSendForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Subcontractor agreement — 17 Pier Road',
    signer_name: 'Priya Natarajan',
    signer_email: 'priya.natarajan@example.com',
    signer_phone: '+14155550177',
    deal_id: '',
    csm_email: 'csm@prosign.example',
    cc_emails: 'office@natarajan.example.com',
    ...overrides,
  };
}
