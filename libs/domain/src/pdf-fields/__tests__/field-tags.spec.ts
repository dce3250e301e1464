import { FIELD_KINDS } from '../field-model';
import {
  FIELD_TAG_KINDS,
  MAX_FIELD_TAG_LENGTH,
  findFieldTags,
  parseFieldTag,
  type FieldTagError,
  type ParsedTag,
} from '../field-tags';

function parsed(text: string): ParsedTag {
  const result = parseFieldTag(text);
  if ('error' in result) throw new Error(`${text}: ${result.error}`);
  return result;
}

function error(text: string): string {
  const result = parseFieldTag(text);
  if (!('error' in result)) throw new Error(`${text} was read: ${JSON.stringify(result)}`);
  return result.error;
}

describe('parseFieldTag: valid forms', () => {
  it('reads kind and signer, required by default', () => {
    expect(parsed('{{signature:1}}')).toEqual({
      kind: 'signature',
      signer: 1,
      label: '',
      required: true,
    });
    expect(parsed('{{initials:2}}')).toMatchObject({ kind: 'initials', signer: 2 });
  });

  it('reads date as the date signed and dateinput as a date the signer picks', () => {
    expect(parsed('{{date:1}}').kind).toBe('dateSigned');
    expect(parsed('{{datesigned:1}}').kind).toBe('dateSigned');
    expect(parsed('{{dateinput:1:Start date}}')).toMatchObject({
      kind: 'date',
      label: 'Start date',
    });
  });

  it('reads a label, and flags after it', () => {
    expect(parsed('{{text:1:Company name}}')).toEqual({
      kind: 'text',
      signer: 1,
      label: 'Company name',
      required: true,
      multiline: false,
    });
    expect(parsed('{{text:1:Notes:optional}}')).toMatchObject({ label: 'Notes', required: false });
    expect(parsed('{{text:1:Notes:multiline:maxlength=500}}')).toMatchObject({
      multiline: true,
      maxLength: 500,
    });
  });

  it('reads flags with no label', () => {
    expect(parsed('{{checkbox:2}}')).toMatchObject({
      kind: 'checkbox',
      label: '',
      required: false,
    });
    expect(parsed('{{checkbox:2:required}}')).toMatchObject({ label: '', required: true });
    expect(parsed('{{signature:1:optional}}')).toMatchObject({ label: '', required: false });
    expect(parsed('{{text:1::optional}}')).toMatchObject({ label: '', required: false });
  });

  it('reads options for a dropdown and a radio group', () => {
    expect(parsed('{{dropdown:1:Size:options=S|M|L}}')).toMatchObject({
      kind: 'dropdown',
      label: 'Size',
      options: ['S', 'M', 'L'],
    });
    expect(parsed('{{radio:1:options= Yes | No }}')).toMatchObject({
      kind: 'radioGroup',
      label: '',
      options: ['Yes', 'No'],
    });
    expect(parsed('{{select:1:Pick:options=A\\|B|C}}').options).toEqual(['A|B', 'C']);
  });

  it('reads an attachment’s types and size', () => {
    expect(parsed('{{attachment:1:ID:types=application/pdf|image/*:maxbytes=5mb}}')).toMatchObject({
      kind: 'attachment',
      label: 'ID',
      allowedTypes: ['application/pdf', 'image/*'],
      maxBytes: 5 * 1024 * 1024,
    });
    expect(parsed('{{file:1:maxbytes=512KB}}').maxBytes).toBe(512 * 1024);
    expect(parsed('{{file:1:maxbytes=1000}}').maxBytes).toBe(1000);
  });

  it('reads the firm’s countersigner', () => {
    expect(parsed('{{signature:firm}}').signer).toBe('firm');
    expect(parsed('{{sig:Countersigner}}').signer).toBe('firm');
  });

  it('tolerates spaces inside the braces and upper case words, and collapses a label’s spaces', () => {
    expect(parsed('{{ Signature : 1 }}')).toMatchObject({ kind: 'signature', signer: 1 });
    expect(parsed('{{TEXT : 12 :  Company   name : OPTIONAL }}')).toMatchObject({
      signer: 12,
      label: 'Company name',
      required: false,
    });
    expect(parsed('  {{sig:1}}  ').kind).toBe('signature');
  });

  it('unescapes a label, and an escaped flag word is a label', () => {
    expect(parsed('{{text:1:Time\\: start}}').label).toBe('Time: start');
    expect(parsed('{{text:1:a \\} b \\\\ c}}').label).toBe('a } b \\ c');
    expect(parsed('{{text:1:\\optional}}')).toMatchObject({ label: 'optional', required: true });
    expect(parsed('{{text:1:x\\=y}}').label).toBe('x=y');
  });

  it('knows every kind, by every word', () => {
    const kinds = new Set(Object.values(FIELD_TAG_KINDS));
    expect([...kinds].sort()).toEqual([...FIELD_KINDS].sort());
    for (const [word, kind] of Object.entries(FIELD_TAG_KINDS)) {
      const flags = kind === 'radioGroup' || kind === 'dropdown' ? ':options=A|B' : '';
      expect(parsed(`{{${word}:1${flags}}}`).kind).toBe(kind);
    }
    expect(parsed('{{textarea:1}}').multiline).toBe(true);
  });
});

describe('parseFieldTag: mistakes, each named', () => {
  it('refuses an unknown kind, listing the kinds', () => {
    expect(error('{{signtaure:1}}')).toMatch(
      /Unknown field kind "signtaure": use one of signature/,
    );
    expect(error('{{:1}}')).toMatch(/starts with its kind/);
    expect(error('{{\\sig:1}}')).toMatch(/Unknown field kind/);
  });

  it('refuses a missing, zero or non-number signer', () => {
    expect(error('{{signature}}')).toMatch(/needs a signer/);
    expect(error('{{signature:}}')).toMatch(/needs a signer/);
    expect(error('{{signature:0}}')).toMatch(/Signers count from 1/);
    expect(error('{{signature:one}}')).toMatch(/Signer "one" is not a number/);
    expect(error('{{signature:-1}}')).toMatch(/not a number/);
    expect(error('{{signature:1.5}}')).toMatch(/not a number/);
  });

  it('refuses unknown flags and a second label', () => {
    expect(error('{{text:1:Notes:optinal}}')).toMatch(/Unknown flag "optinal"/);
    expect(error('{{text:1:Notes:More notes}}')).toMatch(/Unknown flag "More notes"/);
    expect(error('{{text:1:colour=red}}')).toMatch(/Unknown flag "colour=red"/);
  });

  it('refuses a flag on a kind it does not apply to', () => {
    expect(error('{{signature:1:maxlength=5}}')).toBe('maxlength= applies only to text fields.');
    expect(error('{{checkbox:1:multiline}}')).toBe('multiline applies only to text fields.');
    expect(error('{{text:1:options=A|B}}')).toMatch(
      /options= applies only to radio groups and dropdowns/,
    );
    expect(error('{{text:1:types=image/png}}')).toMatch(/applies only to attachments/);
  });

  it('refuses repeated, contradictory, valueless or valued-wrongly flags', () => {
    expect(error('{{text:1:optional:optional}}')).toMatch(/given twice/);
    expect(error('{{text:1:optional:required}}')).toMatch(/either optional or required/);
    expect(error('{{text:1:maxlength=}}')).toMatch(/maxlength= takes a whole number/);
    expect(error('{{text:1:maxlength=0}}')).toMatch(/1 or more/);
    expect(error('{{text:1:maxlength=ten}}')).toMatch(/not "ten"/);
    expect(error('{{text:1:maxlength=99999}}')).toMatch(/at most 10000/);
    expect(error('{{text:1:multiline=yes}}')).toMatch(/multiline takes no value/);
    expect(error('{{file:1:maxbytes=big}}')).toMatch(/maxbytes= takes a size/);
    expect(error('{{file:1:maxbytes=1000mb}}')).toMatch(/at most/);
    expect(error('{{file:1:types=pdf}}')).toMatch(/types= takes MIME types .*not "pdf"/);
  });

  it('refuses a radio group or dropdown without proper options', () => {
    expect(error('{{dropdown:1:Size}}')).toMatch(/needs its options/);
    expect(error('{{radio:1}}')).toMatch(/needs its options/);
    expect(error('{{dropdown:1:options=S}}')).toMatch(/at least two/);
    expect(error('{{dropdown:1:options=S||M}}')).toMatch(/empty option/);
    expect(error('{{dropdown:1:options=S|M|S}}')).toMatch(/"S" twice/);
  });

  it('refuses text that is not one whole tag', () => {
    expect(error('signature:1')).toMatch(/double braces/);
    expect(error('{{}}')).toMatch(/starts with its kind/);
    expect(error('{{text:1:a\\}}')).toMatch(/lone backslash/);
    expect(error(`{{text:1:${'x'.repeat(MAX_FIELD_TAG_LENGTH)}}}`)).toMatch(/at most 500/);
  });
});

describe('findFieldTags', () => {
  it('finds every tag in a run of text with its offsets', () => {
    const text = 'Signed: {{signature:1}}  Date: {{date:1}}';
    const found = findFieldTags(text);
    expect(found.map((f) => text.slice(f.start, f.end))).toEqual(['{{signature:1}}', '{{date:1}}']);
    expect(found.map((f) => (f.tag as ParsedTag).kind)).toEqual(['signature', 'dateSigned']);
  });

  it('reports a broken tag in place, so every mistake can be listed at once', () => {
    const found = findFieldTags('{{signature:0}} and {{initals:2}} and {{sig:1}}');
    expect(found.map((f) => (f.tag as FieldTagError).error ?? 'ok')).toEqual([
      expect.stringMatching(/count from 1/),
      expect.stringMatching(/Unknown field kind "initals"/),
      'ok',
    ]);
  });

  it('leaves double-brace text that is not meant as a tag alone', () => {
    expect(findFieldTags('Dear {{client}}, {{ 12 }} and {{}}')).toEqual([]);
    // A bare kind is meant as a tag, and is missing its signer.
    expect(findFieldTags('{{signature}}')[0].tag).toEqual({
      error: expect.stringMatching(/signer/),
    });
  });

  it('skips an unclosed tag and restarts at a new one', () => {
    const text = '{{sig:1 oops {{initials:1}} then {{text:1';
    const found = findFieldTags(text);
    expect(found).toHaveLength(1);
    expect(text.slice(found[0].start, found[0].end)).toBe('{{initials:1}}');
  });

  it('takes the innermost braces and honours escaped braces', () => {
    const text = '{{{sig:1}}} {{text:1:a\\}\\}b}}';
    const found = findFieldTags(text);
    expect(found.map((f) => text.slice(f.start, f.end))).toEqual([
      '{{sig:1}}',
      '{{text:1:a\\}\\}b}}',
    ]);
    expect((found[1].tag as ParsedTag).label).toBe('a}}b');
  });

  it('gives up on a tag longer than the longest', () => {
    expect(findFieldTags(`{{text:1:${'x'.repeat(600)}}}`)).toEqual([]);
  });
});
