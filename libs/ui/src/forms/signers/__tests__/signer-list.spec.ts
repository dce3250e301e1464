import { RECIPIENT_MESSAGES } from '@prosign/domain';
import { signerErrors, signerPicks, signersFormOf, signersRequest } from '../signer-list';

const row = (name: string, email: string, phone = '') => ({ name, email, phone });
const first = { name: 'Mei Lin', email: 'mei@example.com', phone: '' };
const paths = {
  firstName: 'cp_name',
  firstEmail: 'cp_email',
  copy: (index: number) => `cc_emails.${index}`,
};

describe('signerErrors: the domain’s recipient-list rule, each problem beside its field', () => {
  it('checks nothing without additional signers (the one-signer form keeps its own checks)', () => {
    expect(signerErrors({ ...first, email: 'nope' }, [], 'sequential', [], paths)).toEqual([]);
  });

  it('places a repeated e-mail and a bad row on the rows, the form’s own signer on its fields', () => {
    expect(
      signerErrors(
        { ...first, name: ' ' },
        [row('Luis', 'MEI@example.com'), row('', 'ana@example')],
        'parallel',
        [],
        paths,
      ),
    ).toEqual(
      expect.arrayContaining([
        { path: 'cp_name', message: RECIPIENT_MESSAGES.signerName },
        {
          path: 'additionalSigners.0.email',
          message: RECIPIENT_MESSAGES.sameSignerEmail('MEI@example.com', 'Luis', 'MEI@example.com'),
        },
        { path: 'additionalSigners.1.name', message: RECIPIENT_MESSAGES.signerName },
        { path: 'additionalSigners.1.email', message: RECIPIENT_MESSAGES.email },
      ]),
    );
  });

  it('places a signer who is also in copy on that copy address, counting only the given ones', () => {
    expect(
      signerErrors(
        first,
        [row('Luis', 'luis@example.com')],
        'sequential',
        ['pm@example.com', '', 'luis@example.com'],
        paths,
      ),
    ).toEqual([
      { path: 'cc_emails.2', message: RECIPIENT_MESSAGES.ccIsSigner('luis@example.com') },
    ]);
  });

  it('passes distinct, valid signers in either order', () => {
    const rows = [row('Luis', 'luis@example.com'), row('Ana', 'ana@example.com')];
    expect(signerErrors(first, rows, 'parallel', ['pm@example.com'], paths)).toEqual([]);
    expect(signerErrors(first, rows, 'sequential', [], paths)).toEqual([]);
  });
});

describe('signersRequest', () => {
  it('is empty without additional signers, so the body is what it always was', () => {
    expect(signersRequest([], 'parallel')).toEqual({});
  });

  it('trims the signers, keeps a phone only when given, and names the order', () => {
    const request = signersRequest(
      [row(' Luis ', ' luis@example.com '), row('Ana', 'ana@example.com', '+1650')],
      'sequential',
    );
    expect(request).toEqual({
      additional_signers: [
        { name: 'Luis', email: 'luis@example.com' },
        { name: 'Ana', email: 'ana@example.com', phone: '+1650' },
      ],
      signing_order: 'sequential',
    });
  });
});

describe('signersFormOf: Edit and Resend starts from the agreement’s signers', () => {
  const recipient = (
    id: string,
    role: 'signer' | 'cc' | 'countersigner',
    order: number,
    name = id,
  ) => ({
    id,
    role,
    name,
    email: `${id}@example.com`,
    order,
  });

  it('keeps the signers after the first, in signing order, one after the other', () => {
    expect(
      signersFormOf([
        recipient('signer-3', 'signer', 3, 'Ana'),
        recipient('signer-1', 'signer', 1, 'Mei'),
        recipient('cc-1', 'cc', 4),
        recipient('signer-2', 'signer', 2, 'Luis'),
      ]),
    ).toEqual({
      additionalSigners: [row('Luis', 'signer-2@example.com'), row('Ana', 'signer-3@example.com')],
      signingOrder: 'sequential',
      countersigner: null,
    });
  });

  it('keeps the firm’s countersigner: their staff address, printed name and title', () => {
    expect(
      signersFormOf([
        recipient('signer-1', 'signer', 1, 'Mei'),
        {
          ...recipient('firm', 'countersigner', 2, 'Dana Whitfield'),
          email: 'Dana.Whitfield@prosign.example',
          staffUserId: 'dana.whitfield@prosign.example',
          title: 'Principal',
        },
      ]).countersigner,
    ).toEqual({
      email: 'dana.whitfield@prosign.example',
      name: 'Dana Whitfield',
      title: 'Principal',
    });
  });

  it('reads signers who all sign in the first order as at the same time; one signer as none added', () => {
    const both = [recipient('signer-1', 'signer', 1), recipient('signer-2', 'signer', 1)];
    expect(signersFormOf(both).signingOrder).toBe('parallel');
    expect(signersFormOf([recipient('signer-1', 'signer', 1)])).toEqual({
      additionalSigners: [],
      signingOrder: 'sequential',
      countersigner: null,
    });
    expect(signersFormOf(undefined)).toEqual({
      additionalSigners: [],
      signingOrder: 'sequential',
      countersigner: null,
    });
  });
});

describe('signerPicks', () => {
  const options = [
    { name: 'Mei Lin', email: 'mei@example.com', phone: '' },
    { name: 'Omar Haddad', email: 'omar@example.com', phone: '' },
    { name: 'Ana Ortega', email: 'ANA@example.com', phone: '' },
    { name: 'No Mail', email: '', phone: '' },
    { name: 'Add New Contact', email: '', phone: '' },
  ];

  it('offers the record’s contacts with an e-mail who are neither the form’s signer nor added', () => {
    const picks = signerPicks(options, 'mei@example.com', [row('Ana', 'ana@example.com')]);
    expect(picks.map((o) => o.name)).toEqual(['Omar Haddad']);
  });
});
