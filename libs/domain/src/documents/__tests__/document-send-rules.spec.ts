import { newField, type FieldKind, type FieldPlacement } from '../../pdf-fields/field-model';
import { documentSendProblems } from '../document-send-rules';

const LETTER = { width: 612, height: 792, rotation: 0 as const };

function placement(
  fields: { kind: FieldKind; recipientId: string | null; page?: number; x?: number }[],
): FieldPlacement {
  return {
    pages: [LETTER],
    fields: fields.map((field, index) =>
      newField({
        id: `f${index + 1}`,
        kind: field.kind,
        page: field.page ?? 1,
        x: field.x ?? 72,
        y: 100 + index * 40,
        recipientId: field.recipientId,
      }),
    ),
  };
}

const ANN = { name: 'Ann Lee', email: 'ann@example.com' };
const BO = { name: 'Bo Chen', email: 'bo@example.com' };
const DANA = { name: 'Dana Whitfield', email: 'dana@prosign.example' };

describe('documentSendProblems', () => {
  it('lets a document go when each recipient named signs and every field is theirs', () => {
    const fields = placement([
      { kind: 'signature', recipientId: 'signer-1' },
      { kind: 'text', recipientId: 'signer-1' },
      { kind: 'signature', recipientId: 'signer-2' },
      { kind: 'signature', recipientId: 'firm' },
      { kind: 'dateSigned', recipientId: 'firm' },
    ]);
    expect(documentSendProblems(fields, { signers: [ANN, BO], countersigner: DANA })).toEqual([]);
  });

  it('names a field for a signer the send does not name, once', () => {
    const fields = placement([
      { kind: 'signature', recipientId: 'signer-1' },
      { kind: 'signature', recipientId: 'signer-3' },
    ]);
    expect(documentSendProblems(fields, { signers: [ANN], countersigner: null })).toEqual([
      'The signature field on page 1 is for signer 3, but the send names 1 signer: add signer 3 or remove the field.',
    ]);
  });

  it('names a countersigner’s field when the send names no countersigner', () => {
    const fields = placement([
      { kind: 'signature', recipientId: 'signer-1' },
      { kind: 'signature', recipientId: 'firm' },
    ]);
    expect(documentSendProblems(fields, { signers: [ANN], countersigner: null })).toEqual([
      expect.stringMatching(/is for the firm’s countersigner, but the send names none/),
    ]);
  });

  it('refuses a countersigner’s field they do not fill, and each missing signature', () => {
    const fields = placement([
      { kind: 'text', recipientId: 'signer-1' },
      { kind: 'signature', recipientId: 'firm' },
      { kind: 'checkbox', recipientId: 'firm' },
      { kind: 'text', recipientId: null },
      { kind: 'signature', recipientId: 'signer-1', page: 2 },
    ]);
    const problems = documentSendProblems(fields, { signers: [ANN, BO], countersigner: DANA });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/not assigned to anyone/),
        expect.stringMatching(/on a page the document does not have/),
        'Bo Chen has no signature field: place one.',
        expect.stringMatching(
          /checkbox field on page 1 is for the firm’s countersigner, who fills only signature/,
        ),
      ]),
    );
    expect(problems).toHaveLength(4);
  });
});
