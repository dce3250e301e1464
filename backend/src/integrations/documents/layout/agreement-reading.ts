import type { AgreementReading, ReadingBlock, ReadingMark } from '@prosign/domain';
import type { AgreementContent, RenderedPdf } from '../document-content';
import { agreementSections } from './body-text';

/**
 * The reading view of a laid-out agreement: the same sections, blocks and
 * numbering the PDF was drawn from (agreementSections), with the 1-based page
 * each falls on and the pages of the signers' marks (each tagged with its
 * recipient when the content names several signers or a countersigner). A PDF stored before the
 * layout recorded section pages puts each section on the page of the one
 * before it: its page marks are approximate then, its text never is.
 */
export function agreementReading(
  content: AgreementContent,
  laidOut: Pick<RenderedPdf, 'pageCount' | 'slots' | 'sections'>,
): AgreementReading {
  const placements = new Map((laidOut.sections ?? []).map((placed) => [placed.key, placed]));
  const marks: ReadingMark[] = laidOut.slots
    .map((slot) => ({
      kind: slot.kind,
      page: slot.page + 1,
      ...(slot.recipientId ? { recipientId: slot.recipientId } : {}),
    }))
    .sort((a, b) => a.page - b.page);
  const signaturePage = marks.find((mark) => mark.kind === 'signature')?.page ?? laidOut.pageCount;
  let lastPage = 1;
  const sections = agreementSections(content).map((section) => {
    const placed = placements.get(section.key);
    const page = placed ? placed.page + 1 : lastPage;
    const blocks = section.blocks.map((block, index): ReadingBlock => {
      const blockPage =
        placed?.blockPages[index] !== undefined ? placed.blockPages[index] + 1 : page;
      lastPage = blockPage;
      return { ...block, page: blockPage };
    });
    lastPage = Math.max(lastPage, page);
    return { key: section.key, number: section.number, heading: section.heading, page, blocks };
  });
  const { firm, clientLabel, clientName, signers, countersigner } = content.signatureBlock;
  // A party's page: that of its signature line (the block may go on over a page).
  const pageOf = (recipientId: string) =>
    marks.find((mark) => mark.kind === 'signature' && mark.recipientId === recipientId)?.page ??
    signaturePage;
  return {
    title: content.title,
    subtitle: content.subtitle ?? null,
    letterhead: { firmName: content.letterhead.firmName, lines: content.letterhead.lines },
    pageCount: laidOut.pageCount,
    sections,
    signatureBlock: {
      page: signaturePage,
      firm: { name: firm.name, title: firm.title, firmName: content.letterhead.firmName },
      clientLabel,
      clientName,
      ...(signers
        ? {
            signers: signers.map((signer) => ({
              recipientId: signer.recipientId,
              name: signer.name,
              label: signer.label,
              page: pageOf(signer.recipientId),
            })),
          }
        : {}),
      ...(countersigner
        ? {
            countersigner: {
              recipientId: countersigner.recipientId,
              name: countersigner.name,
              title: countersigner.title,
              page: pageOf(countersigner.recipientId),
            },
          }
        : {}),
    },
    marks,
  };
}
