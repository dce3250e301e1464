import { formatPacificTimestamp } from '@prosign/domain';
import qrcode from 'qrcode-generator';
import {
  AUDIT_EVENT_LABELS,
  AUDIT_RECIPIENT_ROLE_LABELS,
  type AuditAttachment,
  type AuditEvent,
  type AuditRecipient,
  type AuditSigningProgress,
  type AuditTrailContent,
} from './audit-trail-content';
import {
  COLOR,
  CONTENT_WIDTH,
  createPdfKitDocument,
  drawPageFrames,
  finish,
  FONT,
  PAGE,
} from './page-frame';

const COLUMNS = [
  { title: 'Time (PST / UTC)', width: 118 },
  { title: 'Event', width: 102 },
  { title: 'Details', width: 148 },
  { title: 'IP address', width: CONTENT_WIDTH - 118 - 102 - 148 },
] as const;

/**
 * The audit trail of a contract: the document and signer, the SHA-256 of the
 * signed agreement, and every event in time order with Pacific time (labelled
 * PST), IP address and, for views, the kind of device.
 */
export async function renderAuditTrail(
  trail: AuditTrailContent,
  date: Date,
): Promise<{ pdf: Buffer; pageCount: number }> {
  const doc = createPdfKitDocument({
    title: `Audit Trail: ${trail.documentTitle}`,
    subject: `Audit trail of document ${trail.documentId}`,
    author: trail.letterhead.firmName,
    date,
  });

  doc.font(FONT.bold).fontSize(16).fillColor(COLOR.text).text('AUDIT TRAIL', { align: 'center' });
  doc.moveDown(0.2).font(FONT.regular).fontSize(9.5).fillColor(COLOR.muted);
  doc.text(`Certificate of completion · ${trail.documentTitle}`, { align: 'center' });
  doc.moveDown(1);

  // The verify page's QR code beside the details: a phone opens the check of this very PDF.
  const detailsTop = doc.y;
  const qrSize = trail.verifyUrl ? drawQrCode(doc, trail.verifyUrl, detailsTop) : 0;
  const detailsWidth = CONTENT_WIDTH - (qrSize ? qrSize + 12 : 0);
  const details: Array<[string, string, string?]> = [
    ['Document', trail.documentTitle],
    ['Document ID', trail.documentId, FONT.mono],
    ...(trail.envelopeId
      ? [['Envelope ID', trail.envelopeId, FONT.mono] as [string, string, string]]
      : []),
    ...(trail.recipients
      ? []
      : [['Signer', `${trail.signer.name} <${trail.signer.email}>`] as [string, string]]),
    ...(trail.originalDocumentSha256
      ? [
          ['SHA-256 of document as sent', trail.originalDocumentSha256, FONT.mono] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    ['SHA-256 of signed document', trail.signedDocumentSha256, FONT.mono],
    ['Status', trail.progress ? progressStatusOf(trail.progress) : statusOf(trail.events)],
    ...(trail.verifyUrl ? [['Verify this document', trail.verifyUrl] as [string, string]] : []),
  ];
  for (const [label, value, font] of details) {
    const top = doc.y;
    doc.font(FONT.bold).fontSize(9).fillColor(COLOR.text).text(label, PAGE.marginLeft, top, {
      width: 150,
    });
    doc
      .font(font ?? FONT.regular)
      .fontSize(font === FONT.mono ? 8 : 9)
      .text(value, PAGE.marginLeft + 155, top, { width: detailsWidth - 155 });
    doc.y = Math.max(doc.y, top + 13) + 3;
  }
  doc.y = Math.max(doc.y, detailsTop + qrSize);
  doc.moveDown(1);

  if (trail.recipients) drawRecipients(doc, trail);
  if (trail.attachments?.length) drawAttachments(doc, trail.attachments);

  drawHeaderRow(doc);
  const events = [...trail.events].sort(
    (a, b) => new Date(a.at).getTime() - new Date(b.at).getTime(),
  );
  const byId = new Map((trail.recipients ?? []).map((r) => [r.recipientId, r]));
  events.forEach((event, index) => {
    const recipient = event.recipientId ? byId.get(event.recipientId) : undefined;
    const who = recipient ? `${recipient.name} <${recipient.email}>` : trail.signer.email;
    drawEventRow(doc, event, index, who);
  });

  doc.moveDown(1.2).font(FONT.italic).fontSize(8).fillColor(COLOR.muted);
  doc.text(
    'Times are Pacific time, then UTC. The SHA-256 digests identify the agreement exactly as sent ' +
      'and as signed; the combined final PDF carries a digital seal that shows any later change, ' +
      'and the verify page (QR code above) checks a copy against it.',
    PAGE.marginLeft,
    doc.y,
    { width: CONTENT_WIDTH },
  );

  const pageCount = drawPageFrames(doc, {
    letterhead: trail.letterhead,
    footerLabel: `Audit trail: ${trail.documentTitle}`,
  });
  return { pdf: await finish(doc), pageCount };
}

function drawHeaderRow(doc: PDFKit.PDFDocument): void {
  const top = doc.y;
  doc.rect(PAGE.marginLeft, top, CONTENT_WIDTH, 18).fillColor(COLOR.accent).fill();
  let x = PAGE.marginLeft;
  doc.font(FONT.bold).fontSize(8.5).fillColor('#ffffff');
  for (const column of COLUMNS) {
    doc.text(column.title, x + 4, top + 5, { width: column.width - 8, lineBreak: false });
    x += column.width;
  }
  doc.y = top + 18;
}

function drawEventRow(doc: PDFKit.PDFDocument, event: AuditEvent, index: number, signer: string) {
  const cells = [
    `${formatPacificTimestamp(event.at)}\n${utcTimestamp(event.at)}`,
    AUDIT_EVENT_LABELS[event.type],
    detailsOf(event, signer),
    event.ip ?? '—',
  ];
  doc.font(FONT.regular).fontSize(8.5);
  const height =
    Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i].width - 8 }))) +
    8;
  if (doc.y + height > PAGE.height - PAGE.marginBottom) {
    doc.addPage();
    drawHeaderRow(doc);
    doc.font(FONT.regular).fontSize(8.5);
  }
  const top = doc.y;
  if (index % 2 === 1) {
    doc.rect(PAGE.marginLeft, top, CONTENT_WIDTH, height).fillColor('#f1f4f7').fill();
  }
  let x = PAGE.marginLeft;
  doc.fillColor(COLOR.text);
  cells.forEach((text, i) => {
    doc.text(text, x + 4, top + 4, { width: COLUMNS[i].width - 8 });
    x += COLUMNS[i].width;
  });
  doc
    .moveTo(PAGE.marginLeft, top + height)
    .lineTo(PAGE.marginLeft + CONTENT_WIDTH, top + height)
    .lineWidth(0.4)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.x = PAGE.marginLeft;
  doc.y = top + height;
}

function detailsOf(event: AuditEvent, signer: string): string {
  const what = whatOf(event, signer);
  const extra = [
    event.type === 'consent' && event.consentVersion
      ? `ESIGN disclosure version ${event.consentVersion}`
      : '',
    event.userAgent ?? '',
  ].filter(Boolean);
  return [what, ...extra].filter(Boolean).join('; ');
}

function whatOf(event: AuditEvent, signer: string): string {
  switch (event.type) {
    case 'viewed':
      return [
        `by ${event.actor ?? signer}`,
        // The browser in words (added after) names the device already.
        event.device && !event.userAgent ? `on ${event.device}` : '',
        event.via ? `via ${event.via}` : '',
      ]
        .filter(Boolean)
        .join(', ');
    case 'signature_saved':
    case 'signed':
    case 'email_code_verified':
      return `by ${event.actor ?? signer}`;
    case 'handed_over':
      return [event.handover ?? '', event.actor ? `by ${event.actor}` : '']
        .filter(Boolean)
        .join(', ');
    case 'seal_level_lowered':
    case 'declined':
      return [`by ${event.actor ?? signer}`, event.reason ? `reason: ${event.reason}` : '']
        .filter(Boolean)
        .join(', ');
    default:
      return event.actor ? `by ${event.actor}` : '';
  }
}

function statusOf(events: AuditEvent[]): string {
  const signed = [...events]
    .reverse()
    .find((event) => event.type === 'signed' || event.type === 'signed_manually');
  return signed ? `Completed ${formatPacificTimestamp(signed.at)}` : 'Not signed';
}

const RECIPIENT_COLUMNS = [
  { title: 'Role', width: 82 },
  { title: 'Name and e-mail', width: 168 },
  { title: 'Authentication', width: 118 },
  { title: 'Signed (PST)', width: CONTENT_WIDTH - 82 - 168 - 118 },
] as const;

/** The recipients table: each with role, name and e-mail, how they were authenticated, when they signed. */
function drawRecipients(doc: PDFKit.PDFDocument, trail: AuditTrailContent): void {
  doc.font(FONT.bold).fontSize(10).fillColor(COLOR.accent);
  doc.text('RECIPIENTS', PAGE.marginLeft, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  const header = () => {
    const top = doc.y;
    doc.rect(PAGE.marginLeft, top, CONTENT_WIDTH, 18).fillColor(COLOR.accent).fill();
    let x = PAGE.marginLeft;
    doc.font(FONT.bold).fontSize(8.5).fillColor('#ffffff');
    for (const column of RECIPIENT_COLUMNS) {
      doc.text(column.title, x + 4, top + 5, { width: column.width - 8, lineBreak: false });
      x += column.width;
    }
    doc.y = top + 18;
  };
  header();
  (trail.recipients ?? []).forEach((recipient, index) => {
    const cells = [
      AUDIT_RECIPIENT_ROLE_LABELS[recipient.role] ?? recipient.role,
      `${recipient.name}\n${recipient.email}`,
      recipient.authentication,
      signedCellOf(recipient),
    ];
    doc.font(FONT.regular).fontSize(8.5);
    const height =
      Math.max(
        ...cells.map((text, i) =>
          doc.heightOfString(text, { width: RECIPIENT_COLUMNS[i].width - 8 }),
        ),
      ) + 8;
    if (doc.y + height > PAGE.height - PAGE.marginBottom) {
      doc.addPage();
      header();
      doc.font(FONT.regular).fontSize(8.5);
    }
    const top = doc.y;
    if (index % 2 === 1) {
      doc.rect(PAGE.marginLeft, top, CONTENT_WIDTH, height).fillColor('#f1f4f7').fill();
    }
    let x = PAGE.marginLeft;
    doc.fillColor(COLOR.text);
    cells.forEach((text, i) => {
      doc.text(text, x + 4, top + 4, { width: RECIPIENT_COLUMNS[i].width - 8 });
      x += RECIPIENT_COLUMNS[i].width;
    });
    doc
      .moveTo(PAGE.marginLeft, top + height)
      .lineTo(PAGE.marginLeft + CONTENT_WIDTH, top + height)
      .lineWidth(0.4)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.x = PAGE.marginLeft;
    doc.y = top + height;
  });
  doc.moveDown(1.2);
}

/** "12.4 KB": a file's size as the certificate prints it, with the exact bytes. */
function sizeOf(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes < 1024) return exact;
  const scaled =
    bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;
  return `${scaled} (${exact})`;
}

/**
 * The attachments: for each file a recipient attached, who, in which field, its name, size and
 * SHA-256, so a copy extracted from the sealed PDF (where it is embedded) can be checked.
 */
function drawAttachments(doc: PDFKit.PDFDocument, attachments: AuditAttachment[]): void {
  doc.font(FONT.bold).fontSize(10).fillColor(COLOR.accent);
  doc.text('ATTACHMENTS (EMBEDDED IN THIS PDF)', PAGE.marginLeft, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  attachments.forEach((attachment, index) => {
    const lines: Array<[string, string, string?]> = [
      ['File', attachment.fileName],
      ['Attached by', attachment.recipient],
      ['Field', attachment.fieldLabel || '—'],
      ['Size', sizeOf(attachment.bytes)],
      ['SHA-256', attachment.sha256, FONT.mono],
    ];
    doc.font(FONT.regular).fontSize(8.5);
    const height = lines.length * 12 + 8;
    if (doc.y + height > PAGE.height - PAGE.marginBottom) doc.addPage();
    const top = doc.y;
    if (index % 2 === 1) {
      doc.rect(PAGE.marginLeft, top, CONTENT_WIDTH, height).fillColor('#f1f4f7').fill();
    }
    lines.forEach(([label, value, font], line) => {
      const y = top + 4 + line * 12;
      doc.font(FONT.bold).fontSize(8.5).fillColor(COLOR.text);
      doc.text(label, PAGE.marginLeft + 4, y, { width: 90, lineBreak: false });
      doc.font(font ?? FONT.regular).fontSize(font === FONT.mono ? 7.5 : 8.5);
      doc.text(value, PAGE.marginLeft + 98, y, { width: CONTENT_WIDTH - 102, lineBreak: false });
    });
    doc
      .moveTo(PAGE.marginLeft, top + height)
      .lineTo(PAGE.marginLeft + CONTENT_WIDTH, top + height)
      .lineWidth(0.4)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.x = PAGE.marginLeft;
    doc.y = top + height;
  });
  doc.moveDown(1.2);
}

/** When a recipient signed, as the record says (the trail's content carries it); "—" for a cc. */
function signedCellOf(recipient: AuditRecipient): string {
  if (recipient.role === 'cc') return '—';
  if (!recipient.signed) return 'Not signed';
  return recipient.signedAt ? formatPacificTimestamp(recipient.signedAt) : 'Signed';
}

/** Completed at the last signature once every signer and the countersigner signed; else how many did. */
function progressStatusOf(progress: AuditSigningProgress): string {
  if (progress.total > 0 && progress.signed === progress.total) {
    return progress.completedAt
      ? `Completed ${formatPacificTimestamp(progress.completedAt)}`
      : 'Completed';
  }
  return `${progress.signed} of ${progress.total} signed`;
}

/** "2026-11-27 18:42:13 UTC". */
function utcTimestamp(at: Date): string {
  return `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Draws a QR code of `text` at the right of the content area from `top`; returns its size. */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, top: number): number {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const modules = qr.getModuleCount();
  const size = 76;
  const cell = size / (modules + 2); // a one-module quiet zone each side
  const left = PAGE.marginLeft + CONTENT_WIDTH - size;
  // Colours are set before a path is begun: PDF allows no colour operator inside one.
  doc.fillColor('#ffffff').rect(left, top, size, size).fill();
  doc.fillColor('#000000');
  // Each row's runs of dark modules as one rectangle, all filled at once: a few hundred path
  // operators rather than a fill per module (the trail is drawn at every signing).
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (!qr.isDark(row, column)) continue;
      let end = column + 1;
      while (end < modules && qr.isDark(row, end)) end++;
      doc.rect(left + (column + 1) * cell, top + (row + 1) * cell, (end - column) * cell, cell);
      column = end;
    }
  }
  doc.fill();
  return size;
}
