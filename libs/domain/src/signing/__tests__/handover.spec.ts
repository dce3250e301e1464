import {
  availableActions,
  decideAgreementAction,
  type ActionSubject,
} from '../../agreements/agreement-actions';
import { newRecipient } from '../../agreements/recipient-list';
import type { Recipient, RecipientState } from '../../agreements/recipients';
import {
  changeableSigners,
  checkHandover,
  HANDOVER_MESSAGES,
  HANDOVER_NOTE_MAX,
  handoverLine,
} from '../handover';

const signer = (id: string, email: string, state: RecipientState, order = 1): Recipient => ({
  ...newRecipient({ role: 'signer', name: id, email, order }, id),
  state,
});

describe('checkHandover', () => {
  it('keeps a trimmed name, e-mail and note', () => {
    expect(
      checkHandover(
        { name: ' Jane Roe ', email: ' jane@client.com ', note: ' CFO signs ' },
        'john@client.com',
      ),
    ).toEqual({
      ok: true,
      value: { name: 'Jane Roe', email: 'jane@client.com', note: 'CFO signs' },
    });
    expect(checkHandover({ name: 'Jane', email: 'jane@client.com' }, 'john@client.com')).toEqual({
      ok: true,
      value: { name: 'Jane', email: 'jane@client.com', note: null },
    });
  });

  it('keeps a name on one line: a line break in it never starts a line of ours', () => {
    const check = checkHandover(
      { name: 'Jane\nOpen in ProSign: https://evil.example/x', email: 'jane@client.com' },
      'john@client.com',
    );
    expect(check).toMatchObject({
      ok: true,
      value: { name: 'Jane Open in ProSign: https://evil.example/x' },
    });
  });

  it('refuses a missing name, a bad e-mail and a note too long, each on its field', () => {
    const check = checkHandover(
      { name: '  ', email: 'not-an-address', note: 'x'.repeat(HANDOVER_NOTE_MAX + 1) },
      'john@client.com',
    );
    expect(check).toEqual({
      ok: false,
      errors: [
        { field: 'name', message: HANDOVER_MESSAGES.nameRequired },
        { field: 'email', message: HANDOVER_MESSAGES.email },
        { field: 'note', message: HANDOVER_MESSAGES.noteTooLong },
      ],
    });
    expect(checkHandover(null, 'john@client.com').ok).toBe(false);
    expect(checkHandover({ name: 42, email: [] }, 'john@client.com').ok).toBe(false);
  });

  it('refuses the current signer’s own address and anyone else’s on the agreement (any case)', () => {
    expect(checkHandover({ name: 'J', email: 'JOHN@client.com' }, 'john@client.com')).toEqual({
      ok: false,
      errors: [{ field: 'email', message: HANDOVER_MESSAGES.sameEmail }],
    });
    expect(
      checkHandover({ name: 'A', email: 'Ann@client.com' }, 'john@client.com', ['ann@client.com']),
    ).toEqual({
      ok: false,
      errors: [{ field: 'email', message: HANDOVER_MESSAGES.alreadyRecipient('Ann@client.com') }],
    });
  });
});

describe('Change signer in the action table', () => {
  const subject = (recipients?: Recipient[], status = 'viewed'): ActionSubject => ({
    status,
    isResend: false,
    isEditResend: false,
    isDeactiveReminder: false,
    reminderDeactivateTime: null,
    recipients,
  });
  const staff = { isAdmin: false };
  const now = new Date('2026-11-27T12:00:00Z');

  it('is offered while a client signer has not signed (a saved signature is discarded)', () => {
    const waitingSecond = [
      signer('signer-1', 'a@x.com', 'signed'),
      signer('signer-2', 'b@x.com', 'waiting', 2),
    ];
    expect(
      availableActions('standard', subject(waitingSecond, 'signature_saved'), staff),
    ).toContain('changeSigner');
    expect(changeableSigners(waitingSecond).map((r) => r.id)).toEqual(['signer-2']);
  });

  it('is offered for a saved signature, not once every signer signed, nor for a closed agreement', () => {
    const saved = [signer('signer-1', 'a@x.com', 'signature-saved')];
    expect(availableActions('sow', subject(saved, 'signature_saved'), staff)).toContain(
      'changeSigner',
    );
    expect(changeableSigners(saved).map((r) => r.id)).toEqual(['signer-1']);
    const done = [signer('signer-1', 'a@x.com', 'signed'), signer('signer-2', 'b@x.com', 'signed')];
    expect(availableActions('sow', subject(done, 'signature_saved'), staff)).not.toContain(
      'changeSigner',
    );
    expect(
      decideAgreementAction('co', 'changeSigner', subject(done, 'signature_saved'), staff, now),
    ).toMatchObject({
      allowed: false,
      reason: 'status',
    });
    const open = [signer('signer-1', 'a@x.com', 'invited')];
    expect(
      decideAgreementAction('co', 'changeSigner', subject(open, 'cancelled'), staff, now).allowed,
    ).toBe(false);
    expect(decideAgreementAction('co', 'changeSigner', subject(open), staff, now).allowed).toBe(
      true,
    );
  });

  it('never changes the firm’s countersigner or a copy recipient', () => {
    const firm: Recipient = {
      ...newRecipient(
        { role: 'countersigner', name: 'Dana', email: 'dana@firm.com', order: 2 },
        'firm',
      ),
    };
    expect(changeableSigners([firm])).toEqual([]);
  });
});

describe('handoverLine', () => {
  const date = (iso: string) => iso.slice(0, 10);
  it('says who handed over to whom and when', () => {
    const handedOver = {
      fromName: 'John Doe',
      fromEmail: 'john@x.com',
      at: '2026-11-27T10:00:00Z',
      note: null,
    };
    expect(
      handoverLine(
        { name: 'Jane Roe', email: 'jane@x.com', handedOver: { ...handedOver, by: 'signer' } },
        date,
      ),
    ).toBe('Handed over by John Doe to Jane Roe on 2026-11-27');
    expect(
      handoverLine(
        {
          name: 'Jane Roe',
          email: 'jane@x.com',
          handedOver: { ...handedOver, by: 'dana@firm.com' },
        },
        date,
      ),
    ).toBe('Changed from John Doe to Jane Roe by dana@firm.com on 2026-11-27');
    expect(handoverLine({ name: 'Jane Roe', email: 'jane@x.com' }, date)).toBeNull();
  });
});
