/**
 * The reading view of an agreement (signing pages on narrow screens): the text
 * the PDF is laid out from, in the layout's own blocks and numbering, with the
 * page each part falls on and where the signer's marks go. The PDF stays the
 * legal document; this is the same content at a readable size.
 */

/** A paragraph, or a bulleted or numbered list, as the layout draws it. */
export type ReadingBlock =
  | { type: 'paragraph'; text: string; page: number }
  | { type: 'bullets' | 'numbered'; items: string[]; page: number };

export interface ReadingSection {
  key: string;
  /** The layout's section number ("3." before the heading), null for an unheaded section. */
  number: number | null;
  heading: string | null;
  /** 1-based page of the PDF the section starts on. */
  page: number;
  blocks: ReadingBlock[];
}

/** Where a mark of a signer goes: a 1-based page of the PDF. */
export interface ReadingMark {
  kind: 'signature' | 'initials' | 'signedDate';
  page: number;
  /**
   * Whose mark it is (`Recipient.id`). Absent on an agreement laid
   * out for one signer: the mark is the single signer's (SINGLE_SIGNER_RECIPIENT_ID).
   */
  recipientId?: string;
}

/** One signer's block in the signature block, with the 1-based page of its signature line. */
interface ReadingSigner {
  recipientId: string;
  name: string;
  label: string;
  page: number;
}

/** `GET /api/documents/d/{docId}/reading` */
export interface AgreementReading {
  title: string;
  subtitle: string | null;
  letterhead: { firmName: string; lines: string[] };
  pageCount: number;
  sections: ReadingSection[];
  signatureBlock: {
    /** 1-based page of the PDF holding the signature block. */
    page: number;
    firm: { name: string; title: string; firmName: string };
    clientLabel: string;
    clientName: string;
    /** Several signers, in the block's order; absent: the one client above. */
    signers?: ReadingSigner[];
    /** The firm's countersigner, who signs the firm's block; absent: the firm's signatory is printed. */
    countersigner?: { recipientId: string; name: string; title: string; page: number };
  };
  marks: ReadingMark[];
}
