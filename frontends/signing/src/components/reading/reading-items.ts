import {
  SINGLE_SIGNER_RECIPIENT_ID,
  type AgreementReading,
  type ReadingBlock,
  type ReadingMark,
  type ReadingSection,
} from '@prosign/domain';

/**
 * What the reading view draws, in order: the text of the agreement with a mark
 * where each PDF page starts and ends (the initials at the foot of a page) and
 * the signature block, so the signer sees where each page and mark of the PDF is.
 */
export type ReadingItem =
  | { kind: 'page-start'; page: number }
  | { kind: 'heading'; section: ReadingSection }
  | { kind: 'block'; block: ReadingBlock; id: string }
  | { kind: 'page-end'; page: number; initials: boolean }
  | { kind: 'signature-block' };

/** Whether a mark is the viewing signer's (a mark without an owner is the one signer's). */
export function isMarkOf(mark: ReadingMark, recipientId: string | null): boolean {
  return (
    (mark.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID) === (recipientId ?? SINGLE_SIGNER_RECIPIENT_ID)
  );
}

export function readingItems(
  reading: AgreementReading,
  recipientId: string | null = null,
): ReadingItem[] {
  const initialsPages = new Set(
    reading.marks
      .filter((mark) => mark.kind === 'initials' && isMarkOf(mark, recipientId))
      .map((mark) => mark.page),
  );
  const items: ReadingItem[] = [{ kind: 'page-start', page: 1 }];
  let page = 1;
  const advanceTo = (target: number) => {
    for (; page < Math.min(target, reading.pageCount); page += 1) {
      items.push({ kind: 'page-end', page, initials: initialsPages.has(page) });
      items.push({ kind: 'page-start', page: page + 1 });
    }
  };
  for (const section of reading.sections) {
    if (section.heading) {
      advanceTo(section.page);
      items.push({ kind: 'heading', section });
    }
    section.blocks.forEach((block, index) => {
      advanceTo(block.page);
      items.push({ kind: 'block', block, id: `${section.key}.${index}` });
    });
  }
  advanceTo(reading.signatureBlock.page);
  items.push({ kind: 'signature-block' });
  advanceTo(reading.pageCount);
  items.push({ kind: 'page-end', page, initials: initialsPages.has(page) });
  return items;
}

/** The section's label as the PDF prints its heading ("3. Payment Terms"). */
export function sectionLabel(section: ReadingSection): string {
  return section.number !== null && section.heading
    ? `${section.number}. ${section.heading}`
    : (section.heading ?? '');
}
