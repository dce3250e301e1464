import {
  copyAddresses,
  documentSendBody,
  expiryDaysProblem,
  titleOfFile,
} from '../send/send-request';

const CHOICES = {
  title: ' Lease ',
  dealId: '40000011',
  csmEmail: 'casey@prosign.example',
  ccEmails: 'a@x.test, b@x.test;a@x.test',
  expiresInDays: '14',
  signingOrder: 'sequential' as const,
  requireEmailCode: true,
  countersignerTitle: 'Principal',
};

describe('the send request of a prepared document', () => {
  it('makes the first signer the form’s, the next ones additional in order, the firm the countersigner', () => {
    const body = documentSendBody(
      [
        { id: 'signer-1', role: 'signer', name: ' Ada Byron ', email: 'ada@client.test ' },
        { id: 'countersigner', role: 'countersigner', name: '', email: 'dana@prosign.example' },
        { id: 'recipient-7', role: 'signer', name: 'Bea Lund', email: 'bea@client.test' },
      ],
      CHOICES,
      '/d/doc-1/edit',
    );
    expect(body).toEqual({
      docLink: '/d/doc-1/edit',
      title: 'Lease',
      signer_name: 'Ada Byron',
      signer_email: 'ada@client.test',
      deal_id: '40000011',
      csm_email: 'casey@prosign.example',
      cc_emails: 'a@x.test, b@x.test',
      expires_in_days: 14,
      additional_signers: [{ name: 'Bea Lund', email: 'bea@client.test' }],
      signing_order: 'sequential',
      countersigner: { email: 'dana@prosign.example', title: 'Principal' },
      require_email_code: true,
    });
  });

  it('leaves out what staff did not choose: copies, expiry, the e-mail code, other signers', () => {
    const body = documentSendBody(
      [{ id: 'signer-1', role: 'signer', name: 'Ada', email: 'ada@client.test' }],
      { ...CHOICES, dealId: '', ccEmails: ' ', expiresInDays: '', requireEmailCode: null },
      '/d/doc-1/edit',
    );
    expect(Object.keys(body).sort()).toEqual(
      ['csm_email', 'deal_id', 'docLink', 'signer_email', 'signer_name', 'title'].sort(),
    );
  });

  it('proposes the file’s name as the title and reads copies and days as typed', () => {
    expect(titleOfFile('Subcontract v2.PDF')).toBe('Subcontract v2');
    expect(copyAddresses('a@x.test  b@x.test,,')).toEqual(['a@x.test', 'b@x.test']);
    expect(expiryDaysProblem('30')).toBeNull();
    expect(expiryDaysProblem('')).toBeNull();
    expect(expiryDaysProblem('0')).toMatch(/from 1 to 365/);
    expect(expiryDaysProblem('2.5')).toMatch(/whole number/);
  });
});
