import type { AgreementContent } from '../document-content';

export type BodyBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'bullets'; items: string[] }
  | { type: 'numbered'; items: string[] };

const BULLET = /^\s*[-•*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/**
 * Splits a section body into paragraphs and lists. A blank line ends a
 * paragraph; consecutive lines of one paragraph are joined (the editor wraps
 * them); "- item" lines make a bulleted list, "1. item" lines a numbered one.
 */
function parseBody(body: string): BodyBlock[] {
  const blocks: BodyBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const pushItem = (type: 'bullets' | 'numbered', item: string) => {
    flush();
    const last = blocks[blocks.length - 1];
    if (last && last.type === type) last.items.push(item);
    else blocks.push({ type, items: [item] });
  };

  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet) pushItem('bullets', bullet[1]);
    else if (numbered) pushItem('numbered', numbered[1]);
    else {
      const last = blocks[blocks.length - 1];
      // A line right after a list item without a blank line continues that item.
      if (paragraph.length === 0 && last && last.type !== 'paragraph' && !raw.match(/^\S/)) {
        last.items[last.items.length - 1] += ` ${line}`;
      } else {
        paragraph.push(line);
      }
    }
  }
  flush();
  return blocks;
}

/** A section as the layout draws it: numbered when it has a heading, its body in blocks. */
export interface NumberedSection {
  key: string;
  number: number | null;
  heading: string | null;
  blocks: BodyBlock[];
}

/**
 * The agreement's sections in drawing order, empty ones left out and headed ones
 * numbered 1, 2, …: the PDF layout and the reading view both read them from here,
 * so the two cannot number or split the text differently.
 */
export function agreementSections(content: AgreementContent): NumberedSection[] {
  let number = 0;
  const sections: NumberedSection[] = [];
  for (const section of content.sections) {
    const blocks = parseBody(section.body);
    if (blocks.length === 0 && !section.heading) continue;
    sections.push({
      key: section.key,
      number: section.heading ? ++number : null,
      heading: section.heading ?? null,
      blocks,
    });
  }
  return sections;
}
