// A subcontract typed in a word processor with field tags in its text (docs/field-tags.md), as
// a contract desk would receive it: the product did not write it, pdf-lib does here.
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** The tags' words the sealed copy must no longer show. */
export const TAGGED_PDF_TAGS = [
  '{{text:1:Company name}}',
  '{{signature:1}}',
  '{{date:1}}',
  '{{file:1:Insurance certificate:types=image/*|application/pdf}}',
  '{{signature:2}}',
  '{{initials:2}}',
  '{{checkbox:2:I have read the site safety plan:required}}',
  '{{signature:firm}}',
];

/** Two Letter pages: the first signer's fields on page 1, the second's and the firm's on page 2. */
export async function taggedSubcontractPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const write = (page: ReturnType<typeof pdf.addPage>, lines: [string, number, boolean?][]) => {
    for (const [text, y, isBold] of lines) {
      page.drawText(text, { x: 72, y, size: isBold ? 16 : 11, font: isBold ? bold : font });
    }
  };
  write(pdf.addPage([612, 792]), [
    ['Subcontract Agreement — Harbor Street Retaining Wall', 720, true],
    ['The Subcontractor performs the shoring and excavation work described in Exhibit A.', 690],
    ['Subcontractor (company): {{text:1:Company name}}', 640],
    ['Signed for the Subcontractor: {{signature:1}}', 560],
    ['Date: {{date:1}}', 520],
    [
      'Certificate of insurance: {{file:1:Insurance certificate:types=image/*|application/pdf}}',
      460,
    ],
  ]);
  write(pdf.addPage([612, 792]), [
    ['Engineer of Record', 720, true],
    ['The Engineer of Record reviews the shoring design before excavation starts.', 690],
    ['Engineer of Record: {{signature:2}}', 620],
    ['Initials: {{initials:2}}', 560],
    [
      '{{checkbox:2:I have read the site safety plan:required}} I have read the site safety plan.',
      500,
    ],
    ['For Bayline Engineering Group: {{signature:firm}}', 400],
  ]);
  return Buffer.from(await pdf.save());
}
