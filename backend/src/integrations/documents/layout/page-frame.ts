import PDFDocument from 'pdfkit';
import type { Letterhead } from '../document-content';
import { preloadStandardFonts } from './standard-font-cache';

export const PAGE = {
  width: 612,
  height: 792,
  marginLeft: 72,
  marginRight: 72,
  /** Below the letterhead. */
  marginTop: 118,
  /** Above the footer. */
  marginBottom: 84,
} as const;

export const CONTENT_WIDTH = PAGE.width - PAGE.marginLeft - PAGE.marginRight;

export const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  mono: 'Courier',
} as const;
const STANDARD_FONTS = Object.values(FONT);

export const COLOR = {
  text: '#1a1a1a',
  muted: '#5b6470',
  accent: '#0b4f6c',
  rule: '#c7ced6',
} as const;

export interface PdfMeta {
  title: string;
  subject: string;
  author: string;
  /** Creation and modification date written into the PDF; fixed per document so output is repeatable. */
  date: Date;
}

/**
 * A PDFKit document with the page frame every ProSign PDF shares. Pages are
 * buffered so the letterhead and "Page n of m" are drawn once the count is known.
 * PDFKit derives the file ID from the info dictionary, so a fixed date makes the
 * output byte-identical for the same input.
 */
export function createPdfKitDocument(meta: PdfMeta): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: {
      top: PAGE.marginTop,
      bottom: PAGE.marginBottom,
      left: PAGE.marginLeft,
      right: PAGE.marginRight,
    },
    bufferPages: true,
    compress: true,
    pdfVersion: '1.7',
    displayTitle: true,
    lang: 'en-US',
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Author: meta.author,
      Creator: 'ProSign',
      Producer: 'ProSign document engine',
      CreationDate: meta.date,
      ModDate: meta.date,
    },
    // No default font nor page yet: the fonts come from the process-wide cache first.
    font: '',
    autoFirstPage: false,
  });
  preloadStandardFonts(doc, STANDARD_FONTS);
  return doc.font(FONT.regular).addPage();
}

export interface FrameOptions {
  letterhead: Letterhead;
  /** Left of the footer, e.g. the agreement title. */
  footerLabel: string;
  /** Called for each page after the frame is drawn (initials boxes). */
  onPage?: (pageIndex: number, pageCount: number) => void;
}

/** Draws the letterhead and the footer ("Page n of m") on every buffered page. */
export function drawPageFrames(doc: PDFKit.PDFDocument, options: FrameOptions): number {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Drawing in the margins must not trigger PDFKit's automatic page break.
    const { bottom, top } = doc.page.margins;
    doc.page.margins.bottom = 0;
    doc.page.margins.top = 0;
    drawLetterhead(doc, options.letterhead);
    drawFooter(doc, options.footerLabel, index - start + 1, count);
    options.onPage?.(index - start, count);
    doc.page.margins.bottom = bottom;
    doc.page.margins.top = top;
  }
  return count;
}

function drawLetterhead(doc: PDFKit.PDFDocument, letterhead: Letterhead): void {
  const top = 40;
  doc
    .font(FONT.bold)
    .fontSize(15)
    .fillColor(COLOR.accent)
    .text(letterhead.firmName, PAGE.marginLeft, top, { width: CONTENT_WIDTH, lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text(letterhead.lines[0] ?? '', PAGE.marginLeft, top + 20, {
      width: CONTENT_WIDTH,
      lineBreak: false,
    })
    .text(letterhead.lines.slice(1).join('   |   '), PAGE.marginLeft, top + 30, {
      width: CONTENT_WIDTH,
      lineBreak: false,
    });
  doc
    .moveTo(PAGE.marginLeft, top + 44)
    .lineTo(PAGE.width - PAGE.marginRight, top + 44)
    .lineWidth(1.2)
    .strokeColor(COLOR.accent)
    .stroke();
}

function drawFooter(doc: PDFKit.PDFDocument, label: string, page: number, count: number): void {
  const y = PAGE.height - 50;
  doc
    .moveTo(PAGE.marginLeft, y - 8)
    .lineTo(PAGE.width - PAGE.marginRight, y - 8)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text(label, PAGE.marginLeft, y, { width: 190, lineBreak: false, ellipsis: true })
    .text(`Page ${page} of ${count}`, PAGE.marginLeft + 190, y, {
      width: CONTENT_WIDTH - 380,
      align: 'center',
      lineBreak: false,
    });
}

/** Collects the PDF bytes once `doc.end()` has flushed them. */
export function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.once('end', () => resolve(Buffer.concat(chunks)));
    doc.once('error', reject);
    doc.end();
  });
}

/** PDFKit measures from the top of the page, PDF (and pdf-lib) from the bottom. */
export function toPdfSpaceY(topY: number, height: number): number {
  return PAGE.height - topY - height;
}
