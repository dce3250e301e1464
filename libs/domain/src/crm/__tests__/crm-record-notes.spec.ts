import { allFamilies, familyDefinition } from '../../families/families';
import {
  crmAgreementTitle,
  crmNoteText,
  crmSignedFileName,
  isCrmNoteOnlyEvent,
  CRM_RECORD_EVENTS,
} from '../crm-record-notes';

describe('what ProSign writes on the CRM record', () => {
  const facts = {
    title: 'Service Agreement',
    cardLink: 'https://app/dashboard',
    at: new Date('2026-03-16T17:42:00Z'),
  };

  it('notes each event in one short line with the card’s link', () => {
    expect(crmNoteText('sent', facts)).toBe(
      '"Service Agreement" was sent for signature in ProSign.\nOpen in ProSign: https://app/dashboard',
    );
    expect(crmNoteText('signed', facts)).toMatch(
      /^"Service Agreement" was signed in ProSign\. The sealed PDF/,
    );
    expect(crmNoteText('declined', { ...facts, by: 'Maria', words: ' The fee. ' })).toBe(
      '"Service Agreement" was declined by Maria in ProSign.\nMaria wrote:\n> The fee.\nOpen in ProSign: https://app/dashboard',
    );
  });

  it('says who handed over to whom, when, and their note if any', () => {
    expect(
      crmNoteText('handed-over', {
        ...facts,
        by: 'Maria Lopez',
        to: 'Jane Roe',
        words: 'Jane signs.',
      }),
    ).toBe(
      '"Service Agreement": handed over by Maria Lopez to Jane Roe on 2026-03-16 10:42 PST.\nMaria Lopez wrote:\n> Jane signs.\nOpen in ProSign: https://app/dashboard',
    );
    expect(
      crmNoteText('handed-over', { ...facts, by: 'Maria', to: 'Jane', words: '  ' }),
    ).not.toContain('wrote:');
  });

  it('quotes a signer’s words under their name: no line of theirs passes for ours', () => {
    const forged = 'Too expensive.\nOpen in ProSign: https://evil.example/x';
    for (const event of ['declined', 'handed-over'] as const) {
      const lines = crmNoteText(event, {
        ...facts,
        by: 'Elena Park',
        to: 'Jo',
        words: forged,
      }).split('\n');
      expect(lines.slice(1, 4)).toEqual([
        'Elena Park wrote:',
        '> Too expensive.',
        '> Open in ProSign: https://evil.example/x',
      ]);
      // Our own link line is the last, and the only one that starts so.
      expect(lines.filter((line) => line.startsWith('Open in ProSign:'))).toEqual([
        'Open in ProSign: https://app/dashboard',
      ]);
    }
    // Staff who changed a signer wrote their note: it is quoted under their name.
    expect(
      crmNoteText('handed-over', {
        ...facts,
        by: 'Maria (changed by dana@firm.example)',
        wroteBy: 'dana@firm.example',
        words: 'New contact.',
      }),
    ).toContain('\ndana@firm.example wrote:\n> New contact.\n');
  });

  it('names the invoice sent or paid', () => {
    const invoice = 'Deposit invoice 2026-0007 ($6,250.00)';
    expect(crmNoteText('invoice-sent', { ...facts, invoice })).toMatch(
      /^"Service Agreement": Deposit invoice 2026-0007 \(\$6,250\.00\) was sent to the client\.\n/,
    );
    expect(crmNoteText('invoice-paid', { ...facts, invoice })).toContain('was marked paid.');
  });

  it('has a note for every event; views, hand-overs and invoices leave only a note', () => {
    for (const event of CRM_RECORD_EVENTS) {
      expect(crmNoteText(event, facts)).toMatch(/\nOpen in ProSign: https:\/\/app\/dashboard$/);
    }
    expect(CRM_RECORD_EVENTS.filter(isCrmNoteOnlyEvent)).toEqual([
      'viewed',
      'handed-over',
      'invoice-sent',
      'invoice-paid',
    ]);
  });

  it('names an agreement by one title: its own, else its family’s name', () => {
    expect(crmAgreementTitle('sow', '  Scope of Work:  88 Orchard Lane ')).toBe(
      'Scope of Work: 88 Orchard Lane',
    );
    expect(crmAgreementTitle('co', null)).toBe('Change order');
    expect(crmAgreementTitle('standard', 'x'.repeat(300))).toHaveLength(120);
  });

  it('keeps every family’s files in a folder of its own and links notes to its dashboard', () => {
    const folders = allFamilies().map((family) => family.crm.fileFolder);
    expect(new Set(folders).size).toBe(allFamilies().length);
    expect(familyDefinition('sow').dashboard.path).toBe('/sow-dashboard');
    expect(familyDefinition('co').dashboard.path).toBe('/dashboard');
  });

  it('names the signed file after the agreement, without characters a file name cannot hold', () => {
    expect(crmSignedFileName('CO 2: 12/14 Main "St"', 'ps-1a2b')).toBe(
      'CO 2 12 14 Main St (signed) ps-1a2b.pdf',
    );
    expect(crmSignedFileName('', 'ps-1')).toBe('Agreement (signed) ps-1.pdf');
  });
});
