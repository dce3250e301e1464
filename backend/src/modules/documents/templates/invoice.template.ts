import { formatPacificDate, formatUsd, roundCents } from '@prosign/domain';
import {
  type Letterhead,
  COLOR,
  CONTENT_WIDTH,
  createPdfKitDocument,
  drawPageFrames,
  finish,
  FONT,
  PAGE,
} from '../../../integrations/documents';

/** Everything an invoice PDF shows (spec 3 §2): who bills whom, for which contract, how much. */
export interface InvoiceContent {
  letterhead: Letterhead;
  /** "INV-000042". */
  invoiceNumber: string;
  /** "Deposit", "Progress", "Balance". */
  typeLabel: string;
  issuedAt: Date;
  dueAt: Date;
  billTo: {
    name: string;
    company?: string;
    email: string;
    phone?: string;
    address?: string;
  };
  contract: {
    title: string;
    /** The contract's id, quoted on the invoice. */
    reference: string;
    signedAt: Date | null;
    projectAddress?: string;
    cost: number;
  };
  /** What this invoice bills. */
  amount: number;
  /** Paid so far (partially paid: as recorded; paid: everything). */
  paidSoFar: number;
  /** "Not paid", "Partially paid", "Paid". */
  statusLabel: string;
  paymentInstructions: string;
  /** A reminder carries the same number and says it is one. */
  isReminder?: boolean;
}

const LABEL_WIDTH = 92;

/**
 * The invoice of one type of a signed contract, on the firm's letterhead:
 * number, issue and due dates, bill-to, the contract and its signed date, the
 * amount, what was paid so far, the amount due and how to pay.
 */
export async function renderInvoice(
  invoice: InvoiceContent,
  date: Date,
): Promise<{ pdf: Buffer; pageCount: number }> {
  const title = `${invoice.typeLabel} invoice ${invoice.invoiceNumber}`;
  const doc = createPdfKitDocument({
    title,
    subject: `${title} for ${invoice.contract.title}`,
    author: invoice.letterhead.firmName,
    date,
  });

  // Heading: INVOICE on the left, number and dates on the right.
  const top = doc.y;
  doc.font(FONT.bold).fontSize(24).fillColor(COLOR.accent).text('INVOICE', PAGE.marginLeft, top);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(COLOR.muted)
    .text(
      `${invoice.typeLabel} payment${invoice.isReminder ? '  ·  Payment reminder' : ''}`,
      PAGE.marginLeft,
      top + 30,
    );
  const facts: Array<[string, string]> = [
    ['Invoice number', invoice.invoiceNumber],
    ['Issue date', formatPacificDate(invoice.issuedAt)],
    ['Due date', formatPacificDate(invoice.dueAt)],
    ['Status', invoice.statusLabel],
  ];
  const factsX = PAGE.marginLeft + CONTENT_WIDTH - 230;
  facts.forEach(([label, value], index) => {
    const y = top + index * 15;
    doc.font(FONT.bold).fontSize(9).fillColor(COLOR.text).text(label, factsX, y, { width: 100 });
    doc.font(FONT.regular).text(value, factsX + 100, y, { width: 130, align: 'right' });
  });
  doc.y = top + facts.length * 15 + 22;

  // Bill to (client) and from (firm), side by side.
  const blockTop = doc.y;
  const half = (CONTENT_WIDTH - 24) / 2;
  block(doc, 'Bill to', billToLines(invoice.billTo), PAGE.marginLeft, blockTop, half);
  const leftBottom = doc.y;
  block(
    doc,
    'From',
    [invoice.letterhead.firmName, ...invoice.letterhead.lines],
    PAGE.marginLeft + half + 24,
    blockTop,
    half,
  );
  doc.y = Math.max(leftBottom, doc.y) + 16;

  // The contract invoiced.
  heading(doc, 'Contract');
  const contractRows: Array<[string, string]> = [
    ['Agreement', invoice.contract.title],
    ['Reference', invoice.contract.reference],
    [
      'Signed',
      invoice.contract.signedAt ? formatPacificDate(invoice.contract.signedAt) : 'Not recorded',
    ],
    ...(invoice.contract.projectAddress
      ? ([['Project', invoice.contract.projectAddress]] as Array<[string, string]>)
      : []),
    ['Contract total', formatUsd(invoice.contract.cost)],
  ];
  for (const [label, value] of contractRows) row(doc, label, value);
  doc.moveDown(1);

  // The line and the totals.
  itemTable(doc, invoice);
  doc.moveDown(1.4);

  heading(doc, 'Payment instructions');
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(COLOR.text)
    .text(invoice.paymentInstructions, PAGE.marginLeft, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.6);
  doc
    .font(FONT.italic)
    .fontSize(8.5)
    .fillColor(COLOR.muted)
    .text(
      `Please quote invoice number ${invoice.invoiceNumber} with your payment. Payment is due by ` +
        `${formatPacificDate(invoice.dueAt)}.`,
      PAGE.marginLeft,
      doc.y,
      { width: CONTENT_WIDTH },
    );

  const pageCount = drawPageFrames(doc, {
    letterhead: invoice.letterhead,
    footerLabel: title,
  });
  return { pdf: await finish(doc), pageCount };
}

/** What is still owed: the amount less what was paid, never below 0. */
export function amountDue(invoice: Pick<InvoiceContent, 'amount' | 'paidSoFar'>): number {
  const due = roundCents(invoice.amount - invoice.paidSoFar);
  return due > 0 ? due : 0;
}

function billToLines(billTo: InvoiceContent['billTo']): string[] {
  return [billTo.name, billTo.company, billTo.address, billTo.email, billTo.phone].filter(
    (line): line is string => Boolean(line && line.trim()),
  );
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc
    .font(FONT.bold)
    .fontSize(10.5)
    .fillColor(COLOR.accent)
    .text(text.toUpperCase(), PAGE.marginLeft, doc.y, {
      width: CONTENT_WIDTH,
      characterSpacing: 0.6,
    });
  doc.moveDown(0.3);
}

function block(
  doc: PDFKit.PDFDocument,
  title: string,
  lines: string[],
  x: number,
  y: number,
  width: number,
): void {
  doc
    .font(FONT.bold)
    .fontSize(10.5)
    .fillColor(COLOR.accent)
    .text(title.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc.moveDown(0.3);
  lines.forEach((line, index) => {
    doc
      .font(index === 0 ? FONT.bold : FONT.regular)
      .fontSize(9.5)
      .fillColor(COLOR.text)
      .text(line, x, doc.y, { width });
  });
}

function row(doc: PDFKit.PDFDocument, label: string, value: string): void {
  const y = doc.y;
  doc.font(FONT.bold).fontSize(9.5).fillColor(COLOR.text).text(label, PAGE.marginLeft, y, {
    width: LABEL_WIDTH,
  });
  doc
    .font(FONT.regular)
    .text(value, PAGE.marginLeft + LABEL_WIDTH, y, { width: CONTENT_WIDTH - LABEL_WIDTH });
  doc.y = Math.max(doc.y, y + 13) + 2;
}

function itemTable(doc: PDFKit.PDFDocument, invoice: InvoiceContent): void {
  const amountWidth = 120;
  const descriptionWidth = CONTENT_WIDTH - amountWidth;
  const top = doc.y;
  doc.rect(PAGE.marginLeft, top, CONTENT_WIDTH, 20).fillColor(COLOR.accent).fill();
  doc.font(FONT.bold).fontSize(9).fillColor('#ffffff');
  doc.text('Description', PAGE.marginLeft + 8, top + 6, { width: descriptionWidth - 16 });
  doc.text('Amount', PAGE.marginLeft + descriptionWidth, top + 6, {
    width: amountWidth - 8,
    align: 'right',
  });
  doc.y = top + 20;

  const description =
    `${invoice.typeLabel} payment under ${invoice.contract.title}` +
    (invoice.contract.projectAddress ? `, ${invoice.contract.projectAddress}` : '');
  doc.font(FONT.regular).fontSize(9.5);
  const height = doc.heightOfString(description, { width: descriptionWidth - 16 }) + 12;
  const lineTop = doc.y;
  doc.fillColor(COLOR.text).text(description, PAGE.marginLeft + 8, lineTop + 6, {
    width: descriptionWidth - 16,
  });
  doc.text(formatUsd(invoice.amount), PAGE.marginLeft + descriptionWidth, lineTop + 6, {
    width: amountWidth - 8,
    align: 'right',
  });
  doc
    .moveTo(PAGE.marginLeft, lineTop + height)
    .lineTo(PAGE.marginLeft + CONTENT_WIDTH, lineTop + height)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.y = lineTop + height + 8;

  const totals: Array<[string, string, boolean]> = [
    ['Invoice amount', formatUsd(invoice.amount), false],
    ['Paid so far', formatUsd(invoice.paidSoFar), false],
    ['Amount due', formatUsd(amountDue(invoice)), true],
  ];
  const labelX = PAGE.marginLeft + CONTENT_WIDTH - 260;
  for (const [label, value, strong] of totals) {
    const y = doc.y;
    if (strong) {
      doc
        .rect(labelX - 8, y - 4, 268, 22)
        .fillColor('#eef3f6')
        .fill();
    }
    doc
      .font(strong ? FONT.bold : FONT.regular)
      .fontSize(strong ? 11 : 9.5)
      .fillColor(COLOR.text)
      .text(label, labelX, y, { width: 140 });
    doc.text(value, labelX + 140, y, { width: 112, align: 'right' });
    doc.y = y + (strong ? 22 : 16);
  }
  doc.x = PAGE.marginLeft;
}
