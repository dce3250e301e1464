import {
  fieldFromTag,
  findFieldTags,
  type Field,
  type FieldRect,
  type ParsedTag,
} from '@prosign/domain';
import { placeholderRecipients } from './intake-places';
import type { PageTextRuns, TextRun } from './pdf-text-runs';

/** A tag's text where it is drawn: its page (1-based) and the box its characters cover. */
export interface TagText {
  page: number;
  rect: FieldRect;
}

/** The fields the PDF's text tags ask for, where their text is, and the tags that could not be read. */
export interface TagFieldsFound {
  fields: Field[];
  /** Where each tag's text is, to be blanked out of the page. */
  tagTexts: TagText[];
  problems: string[];
}

/** Which run each character of a page's joined text came from, and where in it. */
interface PageText {
  text: string;
  owners: ({ run: TextRun; index: number } | undefined)[];
}

/** Share of a font's size below the baseline, and above it: where a run's glyphs usually reach. */
const DESCENT = 0.25;
const ASCENT = 0.9;

/**
 * A page's runs joined in reading order as pdf.js gives them: runs on one baseline run on,
 * a new baseline starts a new line, so a tag split into several runs reads whole.
 */
function joinRuns(runs: TextRun[]): PageText {
  const page: PageText = { text: '', owners: [] };
  let baseline: number | undefined;
  for (const run of runs) {
    const y = run.transform[5];
    if (baseline !== undefined && Math.abs(y - baseline) > Math.max(run.height, 1) / 2) {
      page.text += '\n';
      page.owners.push(undefined);
    }
    baseline = y;
    for (let index = 0; index < run.str.length; index += 1) {
      page.text += run.str[index];
      page.owners.push({ run, index });
    }
  }
  return page;
}

/** The box around characters [from, to) of one run, in user space: glyphs taken as equally wide. */
function runSpan(run: TextRun, from: number, to: number): number[][] {
  const [a, b, c, d, e, f] = run.transform;
  const along = Math.hypot(a, b) || 1;
  const across = Math.hypot(c, d) || 1;
  const direction = [a / along, b / along];
  const up = [c / across, d / across];
  const size = run.height || across;
  const start = (run.width * from) / run.str.length;
  const end = (run.width * to) / run.str.length;
  const corners: number[][] = [];
  for (const distance of [start, end]) {
    for (const height of [-DESCENT * size, ASCENT * size]) {
      corners.push([
        e + direction[0] * distance + up[0] * height,
        f + direction[1] * distance + up[1] * height,
      ]);
    }
  }
  return corners;
}

/** The box the characters [start, end) of a page's text cover, from its page box's origin. */
function rectOf(page: PageText, start: number, end: number, view: number[]): FieldRect {
  const corners: number[][] = [];
  let index = start;
  while (index < end) {
    const owner = page.owners[index];
    if (!owner) {
      index += 1;
      continue;
    }
    let stop = index + 1;
    while (stop < end && page.owners[stop]?.run === owner.run) stop += 1;
    const last = page.owners[stop - 1]!;
    corners.push(...runSpan(owner.run, owner.index, last.index + 1));
    index = stop;
  }
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const left = Math.min(...xs);
  const bottom = Math.min(...ys);
  return {
    x: round(left - view[0]),
    y: round(bottom - view[1]),
    width: round(Math.max(...xs) - left),
    height: round(Math.max(...ys) - bottom),
  };
}

/** The highest signer position a tag may name (stand-in recipients are made up to it). */
const MAX_TAG_SIGNER = 50;

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The fields the PDF's text tags ask for (the grammar: the domain's `findFieldTags`), each at
 * its tag's place on the page, the signer a tag names given a stand-in recipient id
 * (intake-places.ts). A tag that cannot be read is reported with its page and text.
 */
export function tagFields(pages: PageTextRuns[]): TagFieldsFound {
  const found: TagFieldsFound = { fields: [], tagTexts: [], problems: [] };
  const tags: { tag: ParsedTag; page: number; rect: FieldRect }[] = [];
  pages.forEach((runs, pageIndex) => {
    const page = joinRuns(runs.runs);
    for (const { tag, start, end } of findFieldTags(page.text)) {
      const rect = rectOf(page, start, end, runs.view);
      found.tagTexts.push({ page: pageIndex + 1, rect });
      const problem =
        'error' in tag
          ? tag.error
          : tag.signer !== 'firm' && tag.signer > MAX_TAG_SIGNER
            ? `An agreement has at most ${MAX_TAG_SIGNER} signers.`
            : undefined;
      if (problem !== undefined || 'error' in tag) {
        const written = page.text.slice(start, end).replace(/\s+/g, ' ');
        found.problems.push(`Page ${pageIndex + 1}: the tag ${written} was skipped. ${problem}`);
      } else tags.push({ tag, page: pageIndex + 1, rect });
    }
  });
  const signers = Math.max(0, ...tags.map(({ tag }) => (tag.signer === 'firm' ? 0 : tag.signer)));
  const recipients = placeholderRecipients(signers);
  tags.forEach(({ tag, page, rect }, index) => {
    found.fields.push(fieldFromTag(tag, { id: `tag-${index + 1}`, page, rect }, recipients));
  });
  return found;
}
