import type { AgreementFamily } from '@prosign/domain';

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
    /** Printed under the client's signature line. */
    clientName: string;
    clientLabel: string;
  };
}

export type SignatureSlotKind = 'signature' | 'initials' | 'signedDate';

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
