import {
  COUNTERSIGNER_RECIPIENT_ID,
  pageRotation,
  type PlacementPage,
  type Recipient,
} from '@prosign/domain';
import type { PDFDocument } from 'pdf-lib';

/**
 * The recipient ids an upload's fields are given before the agreement has recipients: the
 * nth signer in signing order is `signer-n`, the firm's countersigner `firm`: the agreement
 * core's own ids, so a send keeps them. The builder maps them onto the recipients staff enter. Form fields go to the first signer.
 */
export const FIRST_SIGNER_ID = 'signer-1';

/** Stand-in recipients for `fieldFromTag`: `signers` signers in order, and the countersigner. */
export function placeholderRecipients(signers: number): Pick<Recipient, 'id' | 'role' | 'order'>[] {
  const recipients: Pick<Recipient, 'id' | 'role' | 'order'>[] = [];
  for (let order = 1; order <= signers; order += 1) {
    recipients.push({ id: `signer-${order}`, role: 'signer', order });
  }
  recipients.push({ id: COUNTERSIGNER_RECIPIENT_ID, role: 'countersigner', order: signers + 1 });
  return recipients;
}

/** The lower-left corner of a page's visible box (its crop box, else its media box), in user space. */
export interface PageOrigin {
  x: number;
  y: number;
}

/**
 * Every page's box origin: fields are stored from the bottom-left of the box viewers show
 * (the crop box), so a page whose box does not start at 0,0 still lines up.
 */
export function pageOrigins(document: PDFDocument): PageOrigin[] {
  return document.getPages().map((page) => {
    const box = page.getCropBox();
    return { x: box.x, y: box.y };
  });
}

/** Each page's size as shown (crop box, unrotated) and its /Rotate as viewers read it. */
export function placementPages(document: PDFDocument): PlacementPage[] {
  return document.getPages().map((page) => {
    const box = page.getCropBox();
    return {
      width: box.width,
      height: box.height,
      rotation: pageRotation(page.getRotation().angle),
    };
  });
}
