import { RECIPIENT_MESSAGES } from '@prosign/domain';
import { contractSignerErrors as signerErrors, type SignerFormPart } from '../signer-list';

const form: SignerFormPart = {
  full_name: 'Maria Chen',
  email: 'maria@example.com',
  contact_number: '',
  additional_email: '',
};
const row = (name: string, email: string, phone = '') => ({ name, email, phone });

describe('contractSignerErrors: the shared recipient-list rule, each problem beside the contract form’s field', () => {
  it('checks nothing without additional signers (the one-signer form keeps its own checks)', () => {
    expect(signerErrors({ ...form, email: 'not an address' }, [], 'sequential')).toEqual([]);
  });

  it('places a repeated e-mail on the later signer, a missing name and a bad address on their row', () => {
    const errors = signerErrors(
      form,
      [row('Luis', 'Maria@Example.com'), row('', 'ana@example')],
      'parallel',
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          path: 'additionalSigners.0.email',
          message: RECIPIENT_MESSAGES.sameSignerEmail('Maria Chen', 'Luis', 'Maria@Example.com'),
        },
        { path: 'additionalSigners.1.name', message: RECIPIENT_MESSAGES.signerName },
        { path: 'additionalSigners.1.email', message: RECIPIENT_MESSAGES.email },
      ]),
    );
    expect(errors).toHaveLength(3);
  });

  it('places the form’s own signer and the cc address on the form’s fields', () => {
    expect(
      signerErrors(
        { ...form, email: 'maria', additional_email: 'luis@example.com' },
        [row('Luis', 'luis@example.com')],
        'sequential',
      ),
    ).toEqual([
      { path: 'form.email', message: RECIPIENT_MESSAGES.email },
      {
        path: 'form.additional_email',
        message: RECIPIENT_MESSAGES.ccIsSigner('luis@example.com'),
      },
    ]);
  });

  it('passes distinct, valid signers in either order', () => {
    const rows = [row('Luis', 'luis@example.com'), row('Ana', 'ana@example.com')];
    expect(signerErrors({ ...form, additional_email: 'pm@example.com' }, rows, 'parallel')).toEqual(
      [],
    );
    expect(signerErrors(form, rows, 'sequential')).toEqual([]);
  });
});
