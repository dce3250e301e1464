import { crmNoteText, crmSignedFileName } from '../crm-record-notes';

describe('what ProSign writes on the CRM record', () => {
  it('notes each event in one short line with the card’s link', () => {
    const facts = { title: 'Service Agreement', cardLink: 'https://app/dashboard' };
    expect(crmNoteText('sent', facts)).toBe(
      '"Service Agreement" was sent for signature in ProSign.\nOpen in ProSign: https://app/dashboard',
    );
    expect(crmNoteText('signed', facts)).toMatch(
      /^"Service Agreement" was signed in ProSign\. The sealed PDF/,
    );
    expect(crmNoteText('declined', { ...facts, detail: 'Maria declined. Reason: fee' })).toBe(
      'Maria declined. Reason: fee\nOpen in ProSign: https://app/dashboard',
    );
  });

  it('names the signed file after the agreement, without characters a file name cannot hold', () => {
    expect(crmSignedFileName('CO 2: 12/14 Main "St"', 'ps-1a2b')).toBe(
      'CO 2 12 14 Main St (signed) ps-1a2b.pdf',
    );
    expect(crmSignedFileName('', 'ps-1')).toBe('Agreement (signed) ps-1.pdf');
  });
});
