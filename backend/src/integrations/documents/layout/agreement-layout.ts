import type {
  AgreementContent,
  RenderedPdf,
  SectionPlacement,
  SignatureSlot,
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

const BODY_SIZE = 10;
const LINE_GAP = 2.2;
const SIGNATURE_BLOCK_HEIGHT = 170;
export const SIGNATURE_BOX = { width: 200, height: 60 } as const;
export const INITIALS_BOX = { width: 64, height: 24 } as const;
export const SIGNED_DATE_BOX = { width: 150, height: 14 } as const;

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
    subject: `${content.title}: ${content.signatureBlock.clientName}`,
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
    onPage: (page) => {
      const x = PAGE.width - PAGE.marginRight - INITIALS_BOX.width;
      const top = PAGE.height - 58;
      doc
        .font(FONT.regular)
        .fontSize(8)
        .fillColor(COLOR.muted)
        .text('Client initials', x - 62, top + 8, { width: 58, align: 'right', lineBreak: false });
      doc
        .rect(x, top, INITIALS_BOX.width, INITIALS_BOX.height)
        .lineWidth(0.6)
        .strokeColor(COLOR.rule)
        .stroke();
      slots.push({
        kind: 'initials',
        page,
        x,
        y: toPdfSpaceY(top, INITIALS_BOX.height),
        width: INITIALS_BOX.width,
        height: INITIALS_BOX.height,
      });
    },
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

function drawSignatureBlock(
  doc: PDFKit.PDFDocument,
  content: AgreementContent,
  slots: SignatureSlot[],
): void {
  if (doc.y + SIGNATURE_BLOCK_HEIGHT > PAGE.height - PAGE.marginBottom) doc.addPage();
  const page = currentPage(doc);
  const top = doc.y + 6;
  const columnWidth = (CONTENT_WIDTH - 30) / 2;
  const left = PAGE.marginLeft;
  const right = PAGE.marginLeft + columnWidth + 30;
  const { firm, clientName, clientLabel } = content.signatureBlock;

  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.text)
    .text('IN WITNESS WHEREOF, the parties have executed this Agreement.', left, top, {
      width: CONTENT_WIDTH,
    });
  const columnsTop = top + 26;
  doc.font(FONT.bold).fontSize(9).fillColor(COLOR.accent);
  doc.text('ENGINEER', left, columnsTop, { width: columnWidth });
  doc.text(clientLabel.toUpperCase(), right, columnsTop, { width: columnWidth });

  const lineY = columnsTop + 16 + SIGNATURE_BOX.height;
  // Engineer: printed, the firm accepts by sending the agreement.
  doc
    .font(FONT.italic)
    .fontSize(13)
    .fillColor(COLOR.text)
    .text(firm.name, left, lineY - 22, { width: columnWidth });
  for (const x of [left, right]) {
    doc
      .moveTo(x, lineY)
      .lineTo(x + columnWidth, lineY)
      .lineWidth(0.7)
      .strokeColor(COLOR.text)
      .stroke();
  }
  slots.push({
    kind: 'signature',
    page,
    x: right,
    y: toPdfSpaceY(lineY - SIGNATURE_BOX.height - 2, SIGNATURE_BOX.height),
    width: SIGNATURE_BOX.width,
    height: SIGNATURE_BOX.height,
  });

  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text);
  doc.text(`Name: ${firm.name}`, left, lineY + 6, { width: columnWidth });
  doc.text(`Title: ${firm.title}`, left, lineY + 20, { width: columnWidth });
  doc.text(`For: ${content.letterhead.firmName}`, left, lineY + 34, { width: columnWidth });
  doc.text(`Name: ${clientName}`, right, lineY + 6, { width: columnWidth });
  doc.text('Date signed:', right, lineY + 20, { width: 60, lineBreak: false });
  slots.push({
    kind: 'signedDate',
    page,
    x: right + 62,
    y: toPdfSpaceY(lineY + 19, SIGNED_DATE_BOX.height),
    width: SIGNED_DATE_BOX.width,
    height: SIGNED_DATE_BOX.height,
  });
  doc.x = PAGE.marginLeft;
  doc.y = lineY + 54;
}
