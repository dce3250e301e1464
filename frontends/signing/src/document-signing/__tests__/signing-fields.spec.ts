import { newField, SIGNED_FIELD_VALUE, type Field, type PlacementPage } from '@prosign/domain';
import {
  fieldAccessibleName,
  fieldsInReadingOrder,
  nextFieldId,
  READABLE_TEXT_PX,
  readableFieldScale,
} from '../signing-fields';

const LETTER: PlacementPage = { width: 612, height: 792, rotation: 0 };
const ME = 'signer-1';

/** Page 1: signature low, company name high; page 2: a number; an optional checkbox; others'. */
function fields(): Field[] {
  return [
    newField({ id: 'sig', kind: 'signature', page: 1, x: 72, y: 100, recipientId: ME }),
    newField({
      id: 'company',
      kind: 'text',
      page: 1,
      x: 72,
      y: 700,
      recipientId: ME,
      label: 'Company name',
    }),
    newField({ id: 'count', kind: 'number', page: 2, x: 300, y: 500, recipientId: ME }),
    newField({ id: 'optin', kind: 'checkbox', page: 2, x: 72, y: 400, recipientId: ME }),
    newField({ id: 'dated', kind: 'dateSigned', page: 1, x: 300, y: 100, recipientId: ME }),
    newField({ id: 'theirs', kind: 'text', page: 1, x: 300, y: 650, recipientId: 'signer-2' }),
  ];
}

describe('the guide through the signer’s fields', () => {
  it('goes in reading order (page, top to bottom) over the signer’s own fields only', () => {
    expect(fieldsInReadingOrder(fields(), ME)).toEqual(['company', 'sig', 'count', 'optin']);
  });

  it('moves to the next required field left, coming round to the start', () => {
    const values = { company: 'Acme' };
    expect(nextFieldId(fields(), values, ME, null)).toBe('sig');
    expect(nextFieldId(fields(), values, ME, 'sig')).toBe('count');
    expect(nextFieldId(fields(), values, ME, 'count')).toBe('sig');
  });

  it('counts a required field whose value is refused as not done', () => {
    expect(nextFieldId(fields(), { company: 'Acme', count: 'many' }, ME, 'sig')).toBe('count');
    expect(nextFieldId(fields(), { company: 'Acme', count: '12' }, ME, 'sig')).toBe('sig');
  });

  it('offers the empty optional fields once every required one is done, then nothing', () => {
    const done = { company: 'Acme', sig: SIGNED_FIELD_VALUE, count: '3' };
    expect(nextFieldId(fields(), done, ME, 'count')).toBe('optin');
    expect(nextFieldId(fields(), { ...done, optin: true }, ME, 'count')).toBeNull();
  });
});

describe('accessible names', () => {
  it('say the label, the kind, the page and whether it is required', () => {
    const [sig, company, , optin] = fields();
    expect(fieldAccessibleName({ ...company, page: 2 })).toBe(
      'Company name, text, page 2, required',
    );
    expect(fieldAccessibleName(sig)).toBe('Signature, page 1, required');
    expect(fieldAccessibleName(optin)).toBe('Checkbox, page 2, optional');
  });
});

describe('the phone’s zoom to a field', () => {
  const line = (height: number, page = LETTER) =>
    readableFieldScale(
      newField({ id: 'f', kind: 'text', page: 1, x: 72, y: 300, height, recipientId: ME }),
      page,
    );

  it('reads the 10 pt text around a usual field at 16 px', () => {
    expect(line(22) * 10).toBeCloseTo(READABLE_TEXT_PX, 5);
  });

  it('zooms further for a field too low for its text to read at that size', () => {
    // 12 pt high: the value is drawn at 8.4 pt, which needs 16 / 8.4 px per point.
    expect(line(12)).toBeCloseTo(16 / 8.4, 5);
    expect(line(12) * 12 * 0.7).toBeGreaterThanOrEqual(READABLE_TEXT_PX - 1e-9);
    expect(line(8)).toBeGreaterThan(line(12));
  });

  it('reads the height as the page is shown: a field on a turned page is as high as it is wide', () => {
    const turned: PlacementPage = { ...LETTER, rotation: 90 };
    const field = newField({
      id: 'f',
      kind: 'text',
      page: 1,
      x: 72,
      y: 300,
      width: 12,
      height: 180,
      recipientId: ME,
    });
    expect(readableFieldScale(field, turned)).toBeCloseTo(16 / 8.4, 5);
  });
});
