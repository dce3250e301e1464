// The initials boxes of an agreement's pages, right of "Page n of m": one per signer.
import { type AgreementContent, type SignatureSlot, signersOf } from '../document-content';
import { COLOR, CONTENT_WIDTH, FONT, PAGE, toPdfSpaceY } from './page-frame';

const INITIALS_BOX = { width: 64, height: 24 } as const;

/** Right of "Page n of m", where the initials boxes go. */
const INITIALS_AREA = {
  left: PAGE.marginLeft + CONTENT_WIDTH - 190 + 4,
  right: PAGE.width - PAGE.marginRight,
} as const;
const INITIALS_LABEL_SIZE = { max: 6.5, min: 5 } as const;

/**
 * The initials boxes in a page's footer: one per signer, side by side at the
 * right. One signer's box is labelled "Client initials" to its left, as it has
 * always been; several signers' boxes are each labelled above with their
 * owner's label (or name, when labels repeat), fitted to the box's cell.
 */
export function drawInitialsBoxes(
  doc: PDFKit.PDFDocument,
  content: AgreementContent,
  page: number,
  slots: SignatureSlot[],
): void {
  const top = PAGE.height - 58;
  const signers = signersOf(content);
  const tagged = content.signatureBlock.signers !== undefined;
  if (signers.length === 1) {
    const x = PAGE.width - PAGE.marginRight - INITIALS_BOX.width;
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
      ...(tagged ? { recipientId: signers[0].recipientId } : {}),
    });
    return;
  }
  const cell = Math.min(
    INITIALS_BOX.width + 12,
    (INITIALS_AREA.right - INITIALS_AREA.left) / signers.length,
  );
  const width = Math.min(INITIALS_BOX.width, cell - 6);
  const labelsRepeat = new Set(signers.map((signer) => signer.label)).size < signers.length;
  signers.forEach((signer, index) => {
    const cellLeft = INITIALS_AREA.right - (signers.length - index) * cell;
    const x = cellLeft + cell - width;
    const owner = labelsRepeat || !signer.label.trim() ? signer.name : signer.label;
    const { text, size } = fitted(doc, `${owner} initials`, cell - 2);
    doc
      .font(FONT.regular)
      .fontSize(size)
      .fillColor(COLOR.muted)
      .text(text, x + width / 2 - (cell - 2) / 2, top - 9, {
        width: cell - 2,
        align: 'center',
        lineBreak: false,
      });
    doc.rect(x, top, width, INITIALS_BOX.height).lineWidth(0.6).strokeColor(COLOR.rule).stroke();
    slots.push({
      kind: 'initials',
      page,
      x,
      y: toPdfSpaceY(top, INITIALS_BOX.height),
      width,
      height: INITIALS_BOX.height,
      recipientId: signer.recipientId,
    });
  });
}

/** `text` in the current font, shortened with an ellipsis to fit `width` on one line. */
export function oneLine(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let short = text;
  while (short.length > 1 && doc.widthOfString(`${short}\u2026`) > width)
    short = short.slice(0, -1);
  return `${short.trimEnd()}\u2026`;
}

/** `text` at the largest label size that fits `width`, shortened with an ellipsis if even the smallest does not. */
function fitted(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
): { text: string; size: number } {
  doc.font(FONT.regular);
  for (let size = INITIALS_LABEL_SIZE.max; size >= INITIALS_LABEL_SIZE.min; size -= 0.5) {
    if (doc.fontSize(size).widthOfString(text) <= width) return { text, size };
  }
  const size = INITIALS_LABEL_SIZE.min;
  doc.fontSize(size);
  let short = text;
  while (short.length > 1 && doc.widthOfString(`${short}\u2026`) > width)
    short = short.slice(0, -1);
  return { text: `${short.trimEnd()}\u2026`, size };
}
