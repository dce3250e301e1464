import type { AttachmentField } from '../field-model';
import {
  attachmentFileProblem,
  fieldDisplayName,
  fieldValueProblem,
  formatBytes,
  isEmptyFieldValue,
  isIsoDate,
  missingRequired,
  requiredProgress,
  requiredProgressLabel,
} from '../field-values';
import { field } from './fixtures';

describe('fieldValueProblem', () => {
  it('lets any empty value through: emptiness is missingRequired’s question', () => {
    expect(fieldValueProblem(field({ id: 'n', kind: 'number' }), null)).toBeNull();
    expect(fieldValueProblem(field({ id: 'n', kind: 'number' }), '  ')).toBeNull();
    expect(fieldValueProblem(field({ id: 'n', kind: 'number' }), undefined)).toBeNull();
  });

  it('text: at most maxLength characters, one line unless multi-line', () => {
    const short = field({ id: 't', kind: 'text', label: 'Code', maxLength: 3 });
    expect(fieldValueProblem(short, 'abc')).toBeNull();
    expect(fieldValueProblem(short, 'abcd')).toBe('“Code” on page 1 takes at most 3 characters.');
    expect(fieldValueProblem(short, 'a\nb')).toMatch(/single line/);
    expect(fieldValueProblem(field({ id: 't', kind: 'text', multiline: true }), 'a\nb')).toBeNull();
    // Characters, not UTF-16 units.
    expect(fieldValueProblem(short, '😀😀😀')).toBeNull();
  });

  it('number: parses signs, grouping and decimals', () => {
    const number = field({ id: 'n', kind: 'number' });
    for (const ok of ['12', '-3', '+4.5', '1,200.50', '.5', ' 7 '])
      expect(fieldValueProblem(number, ok)).toBeNull();
    for (const bad of ['12a', '1,20', '1.2.3', 'ten', '--1', '1e5'])
      expect(fieldValueProblem(number, bad)).toBe(
        'The number field on page 1 takes a number, like 1,200.50.',
      );
  });

  it('date: an ISO date that exists', () => {
    const date = field({ id: 'd', kind: 'date' });
    expect(fieldValueProblem(date, '2026-02-28')).toBeNull();
    expect(fieldValueProblem(date, '2028-02-29')).toBeNull();
    for (const bad of ['2026-02-29', '2026-04-31', '02/03/2026', '2026-2-3', '2026-13-01'])
      expect(fieldValueProblem(date, bad)).toMatch(/takes a date \(YYYY-MM-DD\)/);
    expect(isIsoDate('2026-12-31')).toBe(true);
  });

  it('radio and dropdown: one of the options, exactly', () => {
    const size = field({ id: 's', kind: 'dropdown', label: 'Size', options: ['S', 'M'] });
    expect(fieldValueProblem(size, 'M')).toBeNull();
    expect(fieldValueProblem(size, 'm')).toBe('“Size” on page 1 takes one of S, M.');
    const radio = field({ id: 'r', kind: 'radioGroup', options: ['Yes', 'No'] });
    expect(fieldValueProblem(radio, 'Maybe')).toMatch(
      /the choice field on page 1 takes one of Yes, No/i,
    );
  });

  it('checkbox: a boolean; other kinds: a string', () => {
    const box = field({ id: 'c', kind: 'checkbox' });
    expect(fieldValueProblem(box, true)).toBeNull();
    expect(fieldValueProblem(box, false)).toBeNull();
    expect(fieldValueProblem(box, 'yes')).toMatch(/ticked or not/);
    expect(fieldValueProblem(field({ id: 't', kind: 'text' }), true)).toMatch(/takes text/);
    expect(fieldValueProblem(field({ id: 's', kind: 'signature' }), 'sig-123')).toBeNull();
  });
});

describe('attachments', () => {
  const upload = field({
    id: 'a',
    kind: 'attachment',
    label: 'ID',
    allowedTypes: ['application/pdf', 'image/*'],
    maxBytes: 1024 * 1024,
  }) as AttachmentField;

  it('accepts listed types, wildcards included, up to the size', () => {
    expect(attachmentFileProblem(upload, { type: 'image/PNG', bytes: 1000 })).toBeNull();
    expect(
      attachmentFileProblem(upload, { type: 'application/pdf', bytes: 1024 * 1024 }),
    ).toBeNull();
    expect(attachmentFileProblem(upload, { type: 'text/plain', bytes: 10 })).toBe(
      '“ID” on page 1 takes application/pdf, image/* files.',
    );
    expect(attachmentFileProblem(upload, { type: 'image/png', bytes: 1024 * 1024 + 1 })).toBe(
      '“ID” on page 1 takes files of at most 1 MB.',
    );
  });

  it('writes sizes as people read them', () => {
    expect([formatBytes(900), formatBytes(1536), formatBytes(10 * 1024 * 1024)]).toEqual([
      '900 bytes',
      '1.5 KB',
      '10 MB',
    ]);
  });
});

describe('required progress', () => {
  const fields = [
    field({ id: 'sig', kind: 'signature', page: 2 }),
    field({ id: 'company', kind: 'text', label: 'Company', y: 700 }),
    field({ id: 'size', kind: 'dropdown', label: 'Size', options: ['S', 'M'], y: 600 }),
    field({ id: 'agree', kind: 'checkbox', label: 'I agree', required: true, y: 500 }),
    field({ id: 'extra', kind: 'checkbox' }), // optional
    field({ id: 'when', kind: 'dateSigned' }), // filled for them
    field({ id: 'his', kind: 'signature', recipientId: 'john' }),
  ];

  it('counts only the recipient’s own required fields they fill themselves', () => {
    expect(requiredProgress(fields, {}, 'jane')).toEqual({ done: 0, required: 4 });
    expect(requiredProgress(fields, { company: 'Acme', agree: true, extra: true }, 'jane')).toEqual(
      {
        done: 2,
        required: 4,
      },
    );
    expect(requiredProgress(fields, {}, 'john')).toEqual({ done: 0, required: 1 });
  });

  it('does not count a value its field refuses, or an unticked box', () => {
    expect(requiredProgress(fields, { size: 'XL', agree: false }, 'jane').done).toBe(0);
  });

  it('names what is left, in reading order', () => {
    expect(missingRequired(fields, { size: 'S' }, 'jane')).toEqual([
      { id: 'company', name: '“Company” on page 1' },
      { id: 'agree', name: '“I agree” on page 1' },
      { id: 'sig', name: 'the signature field on page 2' },
    ]);
    expect(
      missingRequired(fields, { company: 'A', size: 'S', agree: true, sig: 's1' }, 'jane'),
    ).toEqual([]);
  });

  it('reads as a line', () => {
    expect(requiredProgressLabel({ done: 3, required: 7 })).toBe('3 of 7 required');
    expect(requiredProgressLabel({ done: 7, required: 7 })).toBe('All 7 required done');
    expect(requiredProgressLabel({ done: 0, required: 0 })).toBe('');
  });

  it('knows empty when it sees it', () => {
    expect(isEmptyFieldValue({ kind: 'checkbox' }, false)).toBe(true);
    expect(isEmptyFieldValue({ kind: 'text' }, ' ')).toBe(true);
    expect(isEmptyFieldValue({ kind: 'text' }, '0')).toBe(false);
    expect(fieldDisplayName({ kind: 'email', label: ' ', page: 3 })).toBe(
      'the e-mail field on page 3',
    );
  });
});
