import { formatPacificTimestamp, SINGLE_SIGNER_RECIPIENT_ID } from '@prosign/domain';
import { degrees, ParseSpeeds, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { SignatureSlot } from '../document-content';
import { drawPixels, embedPixels, type EmbeddedPixels } from './embed-pixels';
import { copyEmbeddedFiles } from './embedded-files';
import { trimToInk } from './trim-to-ink';
// pdf-lib's streams deflated by Node's zlib, for every process that writes PDFs.
import './pdf-lib-deflate';

/**
 * pdf-lib stamps on the info dictionary the time of each save unless told not
 * to; every output here takes its dates from the caller so it is repeatable.
 */
const LOAD = { updateMetadata: false } as const;

function fixedDates(pdf: PDFDocument, date: Date): void {
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  pdf.setProducer('ProSign document engine');
  pdf.setCreator('ProSign');
}

/** The merge, still open in pdf-lib (to be sealed without parsing it again), with the parts' attached files. */
export async function mergeDocuments(
  sources: Uint8Array[],
  meta: { title: string; date: Date },
): Promise<PDFDocument> {
  if (sources.length === 0) throw new Error('Nothing to merge');
  const merged = await PDFDocument.create({ updateMetadata: false });
  for (const source of sources) {
    // An uploaded part may have thousands of objects: parsed without yielding every 100 of them.
    const pdf = await PDFDocument.load(source, { ...LOAD, parseSpeed: ParseSpeeds.Fastest });
    const pages = await merged.copyPages(pdf, pdf.getPageIndices());
    pages.forEach((page) => merged.addPage(page));
    // Files attached to a part (a document's signers' attachments) stay attached to the whole.
    copyEmbeddedFiles(pdf, merged);
  }
  merged.setTitle(meta.title, { showInWindowTitleBar: true });
  fixedDates(merged, meta.date);
  return merged;
}

export interface SignatureImages {
  signaturePng: Uint8Array;
  initialsPng: Uint8Array;
  /** Printed in the signing-date slot, in Pacific time. */
  signedAt: Date;
}

/** Draws the signature, initials and signing date into every slot recorded when the agreement was laid out. */
export async function stampSignature(
  source: Uint8Array,
  slots: SignatureSlot[],
  images: SignatureImages,
  date: Date,
): Promise<Buffer> {
  const untagged = slots.map(({ recipientId: _owner, ...slot }) => slot);
  return stampSignatures(source, untagged, { [SINGLE_SIGNER_RECIPIENT_ID]: images }, date);
}

/**
 * Draws each recipient's signature, initials and signing date into that
 * recipient's slots only (a slot without `recipientId` is the single
 * signer's); the slots of a recipient who has not signed stay empty. Images are
 * embedded in the order their owners' slots come, so the same input gives the
 * same bytes (one signer: the bytes stampSignature always gave).
 */
export async function stampSignatures(
  source: Uint8Array,
  slots: SignatureSlot[],
  byRecipient: Readonly<Record<string, SignatureImages>>,
  date: Date,
): Promise<Buffer> {
  const pdf = await PDFDocument.load(source, LOAD);
  // Only the images a recipient has slots for (the firm's countersigner initials nothing).
  const ownerOf = (slot: SignatureSlot) => slot.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
  const has = (owner: string, kind: SignatureSlot['kind']) =>
    slots.some((slot) => slot.kind === kind && ownerOf(slot) === owner);
  const embedded = new Map<
    string,
    { signature: EmbeddedPixels | null; initials: EmbeddedPixels | null; signedAt: Date }
  >();
  for (const slot of slots) {
    const owner = ownerOf(slot);
    const images = Object.hasOwn(byRecipient, owner) ? byRecipient[owner] : undefined;
    if (!images || embedded.has(owner)) continue;
    const signature = has(owner, 'signature')
      ? embedPixels(pdf, trimToInk(images.signaturePng))
      : null;
    const initials = has(owner, 'initials')
      ? embedPixels(pdf, trimToInk(images.initialsPng))
      : null;
    embedded.set(owner, { signature, initials, signedAt: images.signedAt });
  }
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = pdf.getPages();
  for (const slot of slots) {
    const page = pages[slot.page];
    const placed = embedded.get(ownerOf(slot));
    if (!page || !placed) continue;
    if (slot.kind === 'signedDate') {
      page.drawText(formatPacificTimestamp(placed.signedAt), {
        x: slot.x,
        y: slot.y + 3,
        size: 9,
        font,
        color: rgb(0.1, 0.1, 0.1),
      });
      continue;
    }
    const image = slot.kind === 'signature' ? placed.signature : placed.initials;
    if (!image) continue;
    // Fit the image inside the slot, keeping its proportions.
    const scale = Math.min(slot.width / image.width, slot.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    drawPixels(page, image, {
      x: slot.x + (slot.width - width) / 2,
      y: slot.y + (slot.height - height) / 2,
      width,
      height,
    });
  }
  fixedDates(pdf, date);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** Stamps "VOID" across every page, with the date and the acting user. */
export async function stampVoid(
  source: Uint8Array,
  voided: { by: string; at: Date },
): Promise<Buffer> {
  const pdf = await PDFDocument.load(source, LOAD);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const red = rgb(0.78, 0.08, 0.08);
  const note = `VOIDED ${formatPacificTimestamp(voided.at)} by ${winAnsi(voided.by)}`;
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.min(width, height) / 3.2;
    const textWidth = bold.widthOfTextAtSize('VOID', size);
    // Centre the word on the page, then rotate it about that centre.
    const angle = (45 * Math.PI) / 180;
    const cx = width / 2;
    const cy = height / 2;
    const dx = (textWidth / 2) * Math.cos(angle) - size * 0.35 * Math.sin(angle);
    const dy = (textWidth / 2) * Math.sin(angle) + size * 0.35 * Math.cos(angle);
    page.drawText('VOID', {
      x: cx - dx,
      y: cy - dy,
      size,
      font: bold,
      color: red,
      opacity: 0.28,
      rotate: degrees(45),
    });
    const noteSize = 10;
    const noteWidth = regular.widthOfTextAtSize(note, noteSize);
    page.drawRectangle({
      x: (width - noteWidth) / 2 - 6,
      y: height - 30,
      width: noteWidth + 12,
      height: noteSize + 8,
      color: rgb(1, 1, 1),
      borderColor: red,
      borderWidth: 1,
    });
    page.drawText(note, {
      x: (width - noteWidth) / 2,
      y: height - 25,
      size: noteSize,
      font: regular,
      color: red,
    });
  }
  pdf.setTitle(`VOID: ${pdf.getTitle() ?? 'document'}`);
  fixedDates(pdf, voided.at);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** The standard PDF fonts only encode WinAnsi; anything else would make pdf-lib throw. */
function winAnsi(text: string): string {
  return text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
}
