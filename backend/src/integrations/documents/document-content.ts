import { type AgreementFamily, SINGLE_SIGNER_RECIPIENT_ID } from '@prosign/domain';

/** The firm's letterhead, drawn at the top of every page. */
export interface Letterhead {
  firmName: string;
  /** Address, phone, web: one short line each. */
  lines: string[];
}

/**
 * One section of an agreement. `body` is plain text: paragraphs separated by a
 * blank line; lines starting with "- " form a bulleted list, lines starting
 * with "1. " a numbered one. It may hold `$placeholders` (templates only).
 */
export interface DocumentSection {
  /** Stable name of the section (`engineerBasicService`, `template_payment`, …). */
  key: string;
  heading?: string;
  body: string;
}

/** Who signs for the firm, printed (not drawn) in the signature block. */
export interface FirmSignatory {
  name: string;
  title: string;
}

/** A client signer's block: a signature line, the name printed under it, the signing date. */
export interface SignerParty {
  /** The agreement's recipient id (`Recipient.id`): the slots of this block are this recipient's. */
  recipientId: string;
  name: string;
  /** The block's heading and the initials' owner in the footer, e.g. "Client 1". */
  label: string;
}

/** The staff member who countersigns for the firm: drawn into the firm's block instead of printed. */
export interface CountersignerParty {
  recipientId: string;
  name: string;
  title: string;
}

/** Everything the layout engine needs to draw an agreement. */
export interface AgreementContent {
  contractKind: AgreementFamily;
  letterhead: Letterhead;
  title: string;
  /** Under the title, e.g. "Effective Date: March 14, 2026". */
  subtitle?: string;
  sections: DocumentSection[];
  /** The signature block at the end. */
  signatureBlock: {
    firm: FirmSignatory;
    /** Printed under the client's signature line (the one signer, when `signers` is absent). */
    clientName: string;
    clientLabel: string;
    /**
     * Several signers: one block each, in this order. Absent: the one
     * client above, recipient SINGLE_SIGNER_RECIPIENT_ID, laid out as before recipients.
     */
    signers?: SignerParty[];
    /** The firm's countersigner, who signs the firm's block. Absent: `firm` is printed there. */
    countersigner?: CountersignerParty;
  };
}

/** The signers of an agreement's content: its `signers`, or the one client of an older content. */
export function signersOf(content: Pick<AgreementContent, 'signatureBlock'>): SignerParty[] {
  const block = content.signatureBlock;
  return (
    block.signers ?? [
      { recipientId: SINGLE_SIGNER_RECIPIENT_ID, name: block.clientName, label: block.clientLabel },
    ]
  );
}

/** The recipient a slot belongs to: its tag, or the single signer for an untagged one. */
export function slotRecipientId(slot: Pick<SignatureSlot, 'recipientId'>): string {
  return slot.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID;
}

type SignatureSlotKind = 'signature' | 'initials' | 'signedDate';

/**
 * Where a signature, initials or signing date is placed, in PDF user space
 * (points, origin bottom-left of the page) so pdf-lib can stamp there later.
 */
export interface SignatureSlot {
  kind: SignatureSlotKind;
  /** 0-based page index. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Whose mark goes here (`Recipient.id`); absent: the single signer (SINGLE_SIGNER_RECIPIENT_ID). */
  recipientId?: string;
}

/** Where the layout put a section: 0-based pages of its start and of each body block's first line. */
export interface SectionPlacement {
  key: string;
  page: number;
  blockPages: number[];
}

export interface RenderedPdf {
  pdf: Buffer;
  pageCount: number;
  slots: SignatureSlot[];
  /** Agreements only (derived documents have no sections). */
  sections?: SectionPlacement[];
}
