import { newField, type DraftSigner } from '@prosign/domain';
import { rolePeople, templateRoles, TemplateBodyError } from './template-body';

const signer = (id: string, role: DraftSigner['role'] = 'signer') => ({ id, role });
const signatureFor = (id: string, recipientId: string | null) =>
  newField({ id, kind: 'signature', page: 1, x: 72, y: 72, recipientId });

/** The reasons a check refused, or [] when it passed. */
function problemsOf(check: () => unknown): string[] {
  try {
    check();
    return [];
  } catch (error) {
    if (error instanceof TemplateBodyError) return error.problems;
    throw error;
  }
}

describe('a template’s roles', () => {
  it('renames the recipients with roles signer-n in signing order, the firm last', () => {
    const recipients = [
      signer('firm', 'countersigner'),
      signer('b'),
      signer('cc', 'cc'),
      signer('a'),
    ];
    const { roles, fields } = templateRoles(
      [
        { id: 'a', name: ' Engineer ' },
        { id: 'b', name: 'Client' },
        { id: 'firm', name: 'Firm' },
      ],
      recipients,
      [signatureFor('1', 'a'), signatureFor('2', 'b'), signatureFor('3', 'firm')],
    );
    expect(roles).toEqual([
      { id: 'signer-1', name: 'Client' },
      { id: 'signer-2', name: 'Engineer' },
      { id: 'firm', name: 'Firm' },
    ]);
    expect(fields.map((field) => field.recipientId)).toEqual(['signer-2', 'signer-1', 'firm']);
  });

  it('refuses a role for a copy, a repeated role name and two countersigners, naming each', () => {
    const recipients = [
      signer('a'),
      signer('x', 'countersigner'),
      signer('y', 'countersigner'),
      signer('cc', 'cc'),
    ];
    expect(
      problemsOf(() =>
        templateRoles(
          [
            { id: 'a', name: 'Client' },
            { id: 'x', name: 'client' },
            { id: 'y', name: 'Firm' },
            { id: 'cc', name: 'Copy' },
          ],
          recipients,
          [signatureFor('1', 'a')],
        ),
      ),
    ).toEqual(['Two roles have the same name.']);
    expect(
      problemsOf(() =>
        templateRoles(
          [
            { id: 'x', name: 'Firm' },
            { id: 'y', name: 'Other firm' },
            { id: 'cc', name: 'Copy' },
          ],
          recipients,
          [signatureFor('1', 'cc')],
        ),
      ),
    ).toEqual([
      'The role “Copy” is for no one who signs this document.',
      'The signature field on page 1 is for someone who does not sign this document.',
      'Only one role can be the firm’s countersigner.',
    ]);
  });

  it('asks a name and an address for every role when one is used', () => {
    const roles = [
      { id: 'signer-1', name: 'Client' },
      { id: 'firm', name: 'Firm' },
    ];
    expect(
      problemsOf(() =>
        rolePeople({ 'signer-1': { name: 'Ann', email: 'ann@client.test' } }, roles),
      ),
    ).toEqual(['“Firm” needs a name.', '“Firm” needs an e-mail address.']);
    expect(
      rolePeople(
        {
          'signer-1': { name: ' Ann ', email: ' ann@client.test ' },
          firm: { name: 'Pat', email: 'pat@prosign.example' },
        },
        roles,
      ).get('signer-1'),
    ).toEqual({ name: 'Ann', email: 'ann@client.test' });
  });
});
