import type { FieldPlacement, PlacementPage } from '../field-model';
import { toDisplayedRect } from '../field-geometry';
import {
  copyFieldToEveryPage,
  givenValuesProblems,
  placementProblems,
  submittedValuesProblems,
} from '../field-rules';
import { A4, COPY, FIRM, JANE, JOHN, LETTER, field } from './fixtures';

const ready: FieldPlacement = {
  pages: [LETTER, LETTER],
  fields: [
    field({ id: 'jane-sig', kind: 'signature' }),
    field({ id: 'john-sig', kind: 'signature', recipientId: 'john', page: 2 }),
    field({ id: 'firm-sig', kind: 'signature', recipientId: 'firm', page: 2, x: 300 }),
  ],
};
const everyone = [JANE, JOHN, FIRM, COPY];

function withField(...fields: FieldPlacement['fields']): FieldPlacement {
  return { ...ready, fields: [...ready.fields, ...fields] };
}

describe('placementProblems', () => {
  it('passes a placement where every signer signs and every field is sound', () => {
    expect(placementProblems(ready, everyone)).toEqual([]);
  });

  it('refuses a signer or countersigner without a signature field, but not a cc', () => {
    const noSignatures = { ...ready, fields: [field({ id: 'i', kind: 'initials' })] };
    expect(placementProblems(noSignatures, everyone)).toEqual([
      'Jane Doe has no signature field: place one.',
      'john@example.com has no signature field: place one.',
      'The firm’s countersigner (Fran Firm) has no signature field: place one.',
    ]);
  });

  it('refuses fields for nobody, for a stranger or for a cc', () => {
    expect(
      placementProblems(
        withField(
          field({ id: 'a', kind: 'text', label: 'Company', recipientId: null }),
          field({ id: 'b', kind: 'text', recipientId: 'ghost' }),
          field({ id: 'c', kind: 'checkbox', recipientId: 'copy', page: 2 }),
        ),
        everyone,
      ),
    ).toEqual([
      '“Company” on page 1 is not assigned to anyone.',
      'The text field on page 1 is assigned to someone who is not a recipient.',
      'The checkbox field on page 2 is assigned to Carl Copy, who only receives a copy.',
    ]);
  });

  it('refuses fields off their page, partly or wholly, or on no page', () => {
    expect(
      placementProblems(
        withField(
          field({ id: 'a', kind: 'text', x: 500 }), // 500 + 180 > 612
          field({ id: 'b', kind: 'text', x: 700 }),
          field({ id: 'c', kind: 'text', page: 3 }),
          field({ id: 'd', kind: 'text', page: 0 }),
          field({ id: 'e', kind: 'text', width: 0 }),
        ),
        everyone,
      ),
    ).toEqual([
      'The text field on page 1 lies partly off its page: move it onto the page.',
      'The text field on page 1 lies off its page.',
      'The text field on page 3 is on a page the document does not have (it has 2).',
      'The text field on page 0 is on a page the document does not have (it has 2).',
      'The text field on page 1 has no size.',
    ]);
  });

  it('refuses choices without options, and bad defaults', () => {
    expect(
      placementProblems(
        withField(
          field({ id: 'a', kind: 'dropdown', label: 'Size' }),
          field({ id: 'b', kind: 'radioGroup', options: ['A', 'A'] }),
          field({ id: 'c', kind: 'radioGroup', options: ['A', ' '] }),
          field({ id: 'd', kind: 'number', defaultValue: 'lots' }),
        ),
        everyone,
      ),
    ).toEqual([
      '“Size” on page 1 has no options to choose from.',
      'The choice field on page 1 lists an option twice.',
      'The choice field on page 1 has an empty option.',
      'Default value: The number field on page 1 takes a number, like 1,200.50.',
    ]);
  });

  it('refuses two fields with one id, and a document without pages', () => {
    expect(
      placementProblems(withField(field({ id: 'jane-sig', kind: 'initials' })), everyone),
    ).toEqual(['Two fields share the id “jane-sig”.']);
    expect(placementProblems({ pages: [], fields: [] }, [])).toEqual([
      'The document has no pages.',
    ]);
  });
});

describe('submittedValuesProblems', () => {
  const fields = [
    field({ id: 'company', kind: 'text', maxLength: 3 }),
    field({ id: 'when', kind: 'dateSigned' }),
    field({ id: 'his', kind: 'text', recipientId: 'john' }),
  ];

  it('refuses values for others’ fields, filled fields, unknown fields and bad values', () => {
    expect(submittedValuesProblems(fields, { company: 'Acme' }, 'jane')).toEqual([
      'The text field on page 1 takes at most 3 characters.',
    ]);
    expect(
      submittedValuesProblems(
        fields,
        { company: 'A', his: 'x', when: '2026-01-01', nope: 'x' },
        'jane',
      ),
    ).toEqual([
      'There is no field “his” for you to fill.',
      'The date signed field on page 1 is filled for you.',
      'There is no field “nope” for you to fill.',
    ]);
    expect(submittedValuesProblems(fields, { company: 'Ac' }, 'jane')).toEqual([]);
  });

  it('names the required fields left empty, once each', () => {
    expect(submittedValuesProblems(fields, {}, 'jane')).toEqual([
      'Fill in the text field on page 1.',
    ]);
    expect(submittedValuesProblems(fields, { company: 'Acme!' }, 'jane')).toEqual([
      'The text field on page 1 takes at most 3 characters.',
    ]);
  });

  it('a save of some values (givenValuesProblems) is not refused for the fields it leaves out', () => {
    expect(givenValuesProblems(fields, {}, 'jane')).toEqual([]);
    expect(givenValuesProblems(fields, { his: 'x', company: 'Acme' }, 'jane')).toEqual([
      'There is no field “his” for you to fill.',
      'The text field on page 1 takes at most 3 characters.',
    ]);
  });
});

describe('copyFieldToEveryPage', () => {
  const initials = field({ id: 'ini', kind: 'initials', page: 2, x: 530, y: 20 });
  const placement: FieldPlacement = {
    pages: [LETTER, LETTER, A4, { ...LETTER, rotation: 90 }],
    fields: [initials, field({ id: 'ini-p1', kind: 'text' })],
  };

  it('copies onto every other page with new, unique ids, kept in the same corner', () => {
    const copied = copyFieldToEveryPage(placement, 'ini');
    const copies = copied.fields.slice(2);
    expect(copies.map((copy) => [copy.id, copy.page])).toEqual([
      ['ini-p1-2', 1],
      ['ini-p3', 3],
      ['ini-p4', 4],
    ]);
    expect(copies[0].rect).toEqual(initials.rect);
    // 22 points from A4's right edge as from Letter's; as far from the bottom.
    expect(copies[1].rect).toEqual({ x: 513, y: 20, width: 60, height: 40 });
    // On the turned page, in the lower-right corner as the reader sees it.
    const turned = placement.pages[3] as PlacementPage;
    expect(toDisplayedRect(copies[2].rect, turned)).toEqual({
      x: 710,
      y: 20,
      width: 60,
      height: 40,
    });
    expect(copies.every((copy) => copy.kind === 'initials' && copy.recipientId === 'jane')).toBe(
      true,
    );
    expect(placementProblems(copied, [JANE]).filter((p) => !/signature/.test(p))).toEqual([]);
  });

  it('takes ids from the caller, and leaves the placement alone for an unknown field', () => {
    const copied = copyFieldToEveryPage(placement, 'ini', (page) => `new-${page}`);
    expect(copied.fields.slice(2).map((copy) => copy.id)).toEqual(['new-1', 'new-3', 'new-4']);
    expect(copyFieldToEveryPage(placement, 'nope')).toBe(placement);
  });
});
