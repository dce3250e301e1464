import { tagFields } from './tag-fields';
import type { TextRun } from './pdf-text-runs';

const run = (str: string, x: number, y: number, size = 10, width = str.length * 5): TextRun => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  height: size,
});

describe('tagFields', () => {
  it('places a tag at its first character, from the page box origin, below the baseline by the descent', () => {
    const found = tagFields([
      { view: [0, 0, 612, 792], runs: [run('Sign: {{signature:1}}', 100, 200)] },
    ]);
    expect(found.problems).toEqual([]);
    expect(found.fields).toHaveLength(1);
    // "Sign: " is 6 of 21 characters of a 105-point run.
    expect(found.fields[0]).toMatchObject({ kind: 'signature', page: 1, recipientId: 'signer-1' });
    expect(found.fields[0].rect.x).toBeCloseTo(130);
    expect(found.fields[0].rect.y).toBeCloseTo(197.5);
    expect(found.tagTexts[0].rect).toEqual({ x: 130, y: 197.5, width: 75, height: 11.5 });
  });

  it('reads a tag split over runs of one line, and offsets by a box not at 0,0', () => {
    const found = tagFields([
      {
        view: [10, 20, 622, 812],
        runs: [run('{{text:2:', 50, 300), run('Company}}', 95, 300), run('{{check', 50, 280)],
      },
    ]);
    expect(found.fields).toEqual([
      expect.objectContaining({ kind: 'text', label: 'Company', recipientId: 'signer-2' }),
    ]);
    expect(found.tagTexts[0].rect).toEqual({ x: 40, y: 277.5, width: 90, height: 11.5 });
  });

  it('turns the box with text drawn upwards (a rotated line)', () => {
    const upwards: TextRun = {
      str: '{{initials:1}}',
      transform: [0, 10, -10, 0, 300, 100],
      width: 70,
      height: 10,
    };
    const found = tagFields([{ view: [0, 0, 612, 792], runs: [upwards] }]);
    expect(found.tagTexts[0].rect).toEqual({ x: 291, y: 100, width: 11.5, height: 70 });
  });

  it('names the page and the tag of each mistake, and keeps the good tags', () => {
    const found = tagFields([
      { view: [0, 0, 612, 792], runs: [] },
      { view: [0, 0, 612, 792], runs: [run('{{sig:0}} {{sig:99}} {{sig:firm}}', 50, 50)] },
    ]);
    expect(found.problems).toEqual([
      expect.stringMatching(/^Page 2: the tag \{\{sig:0\}\} was skipped\. Signers count from 1/),
      'Page 2: the tag {{sig:99}} was skipped. An agreement has at most 50 signers.',
    ]);
    expect(found.fields).toEqual([
      expect.objectContaining({ kind: 'signature', recipientId: 'firm', page: 2 }),
    ]);
  });
});
