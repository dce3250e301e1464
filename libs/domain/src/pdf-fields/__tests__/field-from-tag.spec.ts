import type { Recipient, RecipientRole } from '../../agreements/recipients';
import { DEFAULT_FIELD_SIZES, DEFAULT_MULTILINE_SIZE } from '../field-model';
import { fieldFromTag, tagRecipientId } from '../field-from-tag';
import { parseFieldTag, type ParsedTag } from '../field-tags';

type Who = Pick<Recipient, 'id' | 'role' | 'order'>;
const who = (id: string, role: RecipientRole, order: number): Who => ({ id, role, order });

// Listed out of order: the tag counts signers in signing order, list order within an order.
const RECIPIENTS: Who[] = [
  who('cc', 'cc', 1),
  who('late', 'signer', 2),
  who('firm', 'countersigner', 3),
  who('first', 'signer', 1),
  who('parallel', 'signer', 1),
];

const tag = (text: string) => parseFieldTag(text) as ParsedTag;
const PLACE = { id: 'f1', page: 2, rect: { x: 72, y: 100, width: 60, height: 12 } };

describe('tagRecipientId', () => {
  it('counts signers in signing order, never cc or the countersigner', () => {
    expect([1, 2, 3, 4].map((n) => tagRecipientId(n, RECIPIENTS))).toEqual([
      'first',
      'parallel',
      'late',
      null,
    ]);
  });

  it('finds the firm’s countersigner, or nobody', () => {
    expect(tagRecipientId('firm', RECIPIENTS)).toBe('firm');
    expect(tagRecipientId('firm', [who('a', 'signer', 1)])).toBeNull();
  });
});

describe('fieldFromTag', () => {
  it('places the kind’s default size at the tag’s lower-left corner', () => {
    expect(fieldFromTag(tag('{{signature:2}}'), PLACE, RECIPIENTS)).toEqual({
      id: 'f1',
      kind: 'signature',
      recipientId: 'parallel',
      page: 2,
      rect: { x: 72, y: 100, ...DEFAULT_FIELD_SIZES.signature },
      required: true,
      label: '',
      defaultValue: null,
      source: 'tag',
    });
  });

  it('covers a tag written larger than the kind’s default size', () => {
    const wide = { ...PLACE, rect: { x: 72, y: 100, width: 260, height: 30 } };
    expect(fieldFromTag(tag('{{text:1:Company name}}'), wide, RECIPIENTS).rect).toEqual({
      x: 72,
      y: 100,
      width: 260,
      height: 30,
    });
    // A checkbox stays a square box at the tag's start, however long the tag.
    expect(fieldFromTag(tag('{{checkbox:1}}'), PLACE, RECIPIENTS).rect).toEqual({
      x: 72,
      y: 100,
      width: DEFAULT_FIELD_SIZES.checkbox.height,
      height: DEFAULT_FIELD_SIZES.checkbox.height,
    });
    expect(fieldFromTag(tag('{{checkbox:1:I agree}}'), wide, RECIPIENTS).rect).toEqual({
      x: 72,
      y: 100,
      width: 30,
      height: 30,
    });
  });

  it('carries the kind’s options', () => {
    expect(
      fieldFromTag(tag('{{textarea:1:Notes:optional:maxlength=9}}'), PLACE, RECIPIENTS),
    ).toMatchObject({
      kind: 'text',
      label: 'Notes',
      required: false,
      multiline: true,
      maxLength: 9,
      rect: { ...DEFAULT_MULTILINE_SIZE },
    });
    expect(fieldFromTag(tag('{{dropdown:1:options=S|M}}'), PLACE, RECIPIENTS)).toMatchObject({
      options: ['S', 'M'],
    });
    expect(fieldFromTag(tag('{{file:firm}}'), PLACE, RECIPIENTS)).toMatchObject({
      recipientId: 'firm',
      allowedTypes: ['application/pdf', 'image/png', 'image/jpeg'],
      maxBytes: 10 * 1024 * 1024,
    });
  });

  it('leaves a tag for a signer the agreement lacks unassigned', () => {
    expect(fieldFromTag(tag('{{sig:9}}'), PLACE, RECIPIENTS).recipientId).toBeNull();
  });
});
