import {
  type AgreementContent,
  type CountersignerParty,
  type RenderedPdf,
  type SectionPlacement,
  type SignatureSlot,
  type SignerParty,
  signersOf,
} from '../document-content';
import { agreementSections, type BodyBlock } from './body-text';
import {
  COLOR,
  CONTENT_WIDTH,
  createPdfKitDocument,
  drawPageFrames,
  finish,
  FONT,
  PAGE,
  toPdfSpaceY,
} from './page-frame';

import { drawInitialsBoxes, oneLine } from './initials-boxes';

const BODY_SIZE = 10;
const LINE_GAP = 2.2;
const SIGNATURE_BLOCK_HEIGHT = 170;
const SIGNATURE_BOX = { width: 200, height: 60 } as const;
const SIGNED_DATE_BOX = { width: 150, height: 14 } as const;

/**
 * Lays an agreement out into a paginated PDF: letterhead, title, numbered
 * section headings, paragraphs and lists, the signature block at the end and
 * an initials box in the footer of every page. Returns where the signature,
 * initials and signing date go, so they can be stamped in later without
 * laying the text out again.
 */
export async function renderAgreement(content: AgreementContent, date: Date): Promise<RenderedPdf> {
  const doc = createPdfKitDocument({
    title: content.title,
    subject: `${content.title}: ${
      content.signatureBlock.signers
        ? content.signatureBlock.signers.map((signer) => signer.name).join(', ')
        : content.signatureBlock.clientName
    }`,
    author: content.letterhead.firmName,
    date,
  });
  const slots: SignatureSlot[] = [];
  const sections: SectionPlacement[] = [];

  doc
    .font(FONT.bold)
    .fontSize(16)
    .fillColor(COLOR.text)
    .text(content.title.toUpperCase(), { align: 'center', characterSpacing: 0.4 });
  if (content.subtitle) {
    doc.moveDown(0.3).font(FONT.regular).fontSize(9.5).fillColor(COLOR.muted);
    doc.text(content.subtitle, { align: 'center' });
  }
  doc.moveDown(1.2);

  for (const section of agreementSections(content)) {
    if (section.heading) {
      // Keep a heading with the first lines of its section.
      if (doc.y + 60 > PAGE.height - PAGE.marginBottom) doc.addPage();
      const page = currentPage(doc);
      doc
        .font(FONT.bold)
        .fontSize(11)
        .fillColor(COLOR.accent)
        .text(`${section.number}. ${section.heading.toUpperCase()}`, PAGE.marginLeft, doc.y, {
          width: CONTENT_WIDTH,
        });
      doc.moveDown(0.35);
      sections.push({ key: section.key, page, blockPages: [] });
    } else {
      sections.push({ key: section.key, page: nextLinePage(doc), blockPages: [] });
    }
    const placed = sections[sections.length - 1];
    for (const block of section.blocks) {
      placed.blockPages.push(nextLinePage(doc));
      drawBlock(doc, block);
    }
    doc.moveDown(0.5);
  }

  drawSignatureBlock(doc, content, slots);

  drawPageFrames(doc, {
    letterhead: content.letterhead,
    footerLabel: content.title,
    onPage: (page) => drawInitialsBoxes(doc, content, page, slots),
  });
  const pageCount = doc.bufferedPageRange().count;
  return { pdf: await finish(doc), pageCount, slots, sections };
}

/** The 0-based page being drawn on. */
function currentPage(doc: PDFKit.PDFDocument): number {
  return doc.bufferedPageRange().count - 1;
}

/** The 0-based page the next line of body text lands on (the next one when it does not fit). */
function nextLinePage(doc: PDFKit.PDFDocument): number {
  const lineHeight = BODY_SIZE * 1.2 + LINE_GAP;
  const fits = doc.y + lineHeight <= PAGE.height - PAGE.marginBottom;
  return currentPage(doc) + (fits ? 0 : 1);
}

function drawBlock(doc: PDFKit.PDFDocument, block: BodyBlock): void {
  doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(COLOR.text);
  const options = { width: CONTENT_WIDTH, align: 'justify' as const, lineGap: LINE_GAP };
  switch (block.type) {
    case 'paragraph':
      doc.text(block.text, PAGE.marginLeft, doc.y, options);
      doc.moveDown(0.55);
      return;
    case 'bullets':
    case 'numbered':
      block.items.forEach((item, index) => {
        const marker = block.type === 'bullets' ? '\u2022' : `${index + 1}.`;
        const top = doc.y;
        doc.text(marker, PAGE.marginLeft + 10, top, { width: 18, lineGap: LINE_GAP });
        doc.text(item, PAGE.marginLeft + 30, top, { ...options, width: CONTENT_WIDTH - 30 });
        doc.moveDown(0.25);
      });
      doc.moveDown(0.35);
      return;
  }
}

/** One block of the signature block: the firm's (printed or countersigned) or a client signer's. */
type SignatureCell =
  | { kind: 'firm'; countersigner?: CountersignerParty }
  | { kind: 'signer'; signer: SignerParty; tagged: boolean };

const HEADER_HEIGHT = 16;
/** From a row's signature line to its bottom: Name and Date signed (signer), Name, Title, For (firm). */
const BELOW_LINE = 54;
/** The countersigned firm's block has a fourth line, its date. */
const BELOW_LINE_COUNTERSIGNED = 68;
const ROW_GAP = 14;

function rowHeight(row: SignatureCell[]): number {
  const countersigned = row.some((cell) => cell.kind === 'firm' && cell.countersigner);
  return (
    HEADER_HEIGHT + SIGNATURE_BOX.height + (countersigned ? BELOW_LINE_COUNTERSIGNED : BELOW_LINE)
  );
}

/**
 * The signature block: the firm's block, then one per client signer, two to a
 * row, as many rows as needed (a row that does not fit starts a new page). The
 * firm's signatory is printed, unless a countersigner signs it: then it has a
 * signature and a date slot of its own. A one-signer content without
 * `signers` draws exactly what it always did, its slots untagged.
 */
function drawSignatureBlock(
  doc: PDFKit.PDFDocument,
  content: AgreementContent,
  slots: SignatureSlot[],
): void {
  const block = content.signatureBlock;
  const tagged = block.signers !== undefined;
  const cells: SignatureCell[] = [
    { kind: 'firm', countersigner: block.countersigner },
    ...signersOf(content).map((signer) => ({ kind: 'signer' as const, signer, tagged })),
  ];
  const rows: SignatureCell[][] = [];
  for (let index = 0; index < cells.length; index += 2) rows.push(cells.slice(index, index + 2));

  const bottom = PAGE.height - PAGE.marginBottom;
  const firstHeight = Math.max(SIGNATURE_BLOCK_HEIGHT, 6 + 26 + rowHeight(rows[0]) + 10);
  if (doc.y + firstHeight > bottom) doc.addPage();
  const top = doc.y + 6;
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.text)
    .text('IN WITNESS WHEREOF, the parties have executed this Agreement.', PAGE.marginLeft, top, {
      width: CONTENT_WIDTH,
    });
  let rowTop = top + 26;
  rows.forEach((row, index) => {
    if (index > 0) {
      rowTop += ROW_GAP;
      if (rowTop + rowHeight(row) > bottom) {
        doc.addPage();
        rowTop = doc.y;
      }
    }
    rowTop = drawSignatureRow(doc, content, row, rowTop, slots);
  });
  doc.x = PAGE.marginLeft;
  doc.y = rowTop;
}

/** One row of up to two blocks from `rowTop`; returns the row's bottom. */
function drawSignatureRow(
  doc: PDFKit.PDFDocument,
  content: AgreementContent,
  row: SignatureCell[],
  rowTop: number,
  slots: SignatureSlot[],
): number {
  const page = currentPage(doc);
  const columnWidth = (CONTENT_WIDTH - 30) / 2;
  const xOf = (column: number) => PAGE.marginLeft + column * (columnWidth + 30);
  const lineY = rowTop + HEADER_HEIGHT + SIGNATURE_BOX.height;
  const block = content.signatureBlock;
  const firm = block.firm;
  // The drawing order (and each style set once per group) is what a one-signer block has
  // always been drawn in: its PDF stays byte-identical.
  doc.font(FONT.bold).fontSize(9).fillColor(COLOR.accent);
  row.forEach((cell, column) => {
    const header = cell.kind === 'firm' ? 'ENGINEER' : cell.signer.label.toUpperCase();
    doc.text(header, xOf(column), rowTop, { width: columnWidth });
  });

  row.forEach((cell, column) => {
    // The firm's printed signatory: the firm accepts by sending the agreement.
    if (cell.kind === 'firm' && !cell.countersigner) {
      doc
        .font(FONT.italic)
        .fontSize(13)
        .fillColor(COLOR.text)
        .text(firm.name, xOf(column), lineY - 22, { width: columnWidth });
    }
  });
  row.forEach((_cell, column) => {
    const x = xOf(column);
    doc
      .moveTo(x, lineY)
      .lineTo(x + columnWidth, lineY)
      .lineWidth(0.7)
      .strokeColor(COLOR.text)
      .stroke();
  });
  const owner = (cell: SignatureCell) =>
    cell.kind === 'firm'
      ? { recipientId: cell.countersigner?.recipientId }
      : cell.tagged
        ? { recipientId: cell.signer.recipientId }
        : {};
  row.forEach((cell, column) => {
    if (cell.kind === 'firm' && !cell.countersigner) return;
    slots.push({
      kind: 'signature',
      page,
      x: xOf(column),
      y: toPdfSpaceY(lineY - SIGNATURE_BOX.height - 2, SIGNATURE_BOX.height),
      width: SIGNATURE_BOX.width,
      height: SIGNATURE_BOX.height,
      ...owner(cell),
    });
  });

  const dates: Array<{ cell: SignatureCell; x: number; y: number }> = [];
  const dateLine = (cell: SignatureCell, x: number, y: number) => {
    doc.text('Date signed:', x, y, { width: 60, lineBreak: false });
    dates.push({ cell, x: x + 62, y: y - 1 });
  };
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
  // Blocks of several parties keep each line on its line: a long name is shortened rather than
  // wrapped onto the date below (a one-signer block is drawn as it always was).
  const parties = block.signers !== undefined || block.countersigner !== undefined;
  const line = (text: string, x: number, y: number) =>
    doc.text(parties ? oneLine(doc, text, columnWidth) : text, x, y, { width: columnWidth });
  row.forEach((cell, column) => {
    const x = xOf(column);
    if (cell.kind === 'firm') {
      const signatory = cell.countersigner ?? firm;
      line(`Name: ${signatory.name}`, x, lineY + 6);
      line(`Title: ${signatory.title}`, x, lineY + 20);
      doc.text(`For: ${content.letterhead.firmName}`, x, lineY + 34, { width: columnWidth });
      if (cell.countersigner) dateLine(cell, x, lineY + 48);
    } else {
      line(`Name: ${cell.signer.name}`, x, lineY + 6);
      dateLine(cell, x, lineY + 20);
    }
  });
  for (const { cell, x, y } of dates) {
    slots.push({
      kind: 'signedDate',
      page,
      x,
      y: toPdfSpaceY(y, SIGNED_DATE_BOX.height),
      width: SIGNED_DATE_BOX.width,
      height: SIGNED_DATE_BOX.height,
      ...owner(cell),
    });
  }
  return (
    lineY +
    (row.some((cell) => cell.kind === 'firm' && cell.countersigner)
      ? BELOW_LINE_COUNTERSIGNED
      : BELOW_LINE)
  );
}
