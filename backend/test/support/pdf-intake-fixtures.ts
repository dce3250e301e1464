import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** A PDF of the pdf.js test corpus (test/fixtures/pdfs/README.md). */
export function corpusPdf(name: string): Buffer {
  return readFileSync(join(__dirname, '..', 'fixtures', 'pdfs', name));
}

/** `pages` US Letter pages, each with a line of text. */
export async function plainPdf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= pages; number += 1) {
    document.addPage([612, 792]).drawText(`Page ${number}`, { x: 72, y: 700, size: 12, font });
  }
  return Buffer.from(await document.save());
}

/**
 * Two pages with text tags typed in the text, as a word processor's export has them: a
 * signature for signer 1 and a date on page 1, a labelled text field for signer 2 on page 2
 * (whose media box does not start at 0,0), and a tag with a mistake.
 */
export async function taggedPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const first = document.addPage([612, 792]);
  first.drawText('Signed by the client:', { x: 72, y: 200, size: 12, font });
  first.drawText('{{signature:1}}', { x: 72, y: 150, size: 12, font });
  first.drawText('Date: {{date:1}}', { x: 300, y: 150, size: 10, font });
  const second = document.addPage([612, 792]);
  second.setMediaBox(0, 100, 612, 792);
  second.drawText('Company: {{text:2:Company name}}', { x: 72, y: 400, size: 12, font });
  second.drawText('Broken: {{signature:x}}', { x: 72, y: 300, size: 12, font });
  return Buffer.from(await document.save());
}

/**
 * A PDF full of active content: two document scripts, a JavaScript open action, a page's
 * additional actions (on open) and a link that launches a program.
 */
export async function activePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  const { context, catalog } = document;
  const script = (js: string) =>
    context.register(context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(js) }));
  const scripts = context.obj({
    Names: [PDFString.of('first'), script('app.alert(1)'), PDFString.of('second'), script('1')],
  });
  catalog.set(PDFName.of('Names'), context.obj({ JavaScript: context.register(scripts) }));
  catalog.set(PDFName.of('OpenAction'), script('this.print()'));
  page.node.set(PDFName.of('AA'), context.obj({ O: script('app.beep()') }));
  const launch = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [72, 72, 200, 100],
    A: { S: 'Launch', F: PDFString.of('calc.exe') },
  });
  page.node.set(PDFName.of('Annots'), context.obj([context.register(launch)]));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/**
 * A well-formed PDF whose page tree has no pages: pdf-lib will not write one, so its bytes are
 * written here, cross-reference table and all.
 */
export function zeroPagePdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF of about `bytes` bytes: one page and an unused stream of noise. */
export async function paddedPdf(bytes: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([612, 792]);
  const noise = Buffer.alloc(bytes, 'x');
  document.context.register(document.context.stream(noise));
  return Buffer.from(await document.save());
}
