import { checkRecipientList, newRecipient, type RecipientInput } from '../recipient-list';
import {
  RECIPIENT_EVENTS,
  RECIPIENT_STATES,
  RECIPIENT_TRANSITIONS,
  applyRecipientEvent,
  awaitedRecipients,
  currentSigningOrder,
  firstSigner,
  isFullySigned,
  recipientEventAllowed,
  recipientProgressLabel,
  recipientsToInvite,
  type Recipient,
  type RecipientEvent,
  type RecipientRole,
  type RecipientState,
} from '../recipients';
import {
  SINGLE_SIGNER_RECIPIENT_ID,
  singleSignerRecipients,
  type SingleSignerRecord,
} from '../single-signer-recipients';

const AT = '2026-03-02T12:00:00.000Z';
const CONTEXT = { at: AT, ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone)' };

/** A recipient in a given state; the name doubles as id and e-mail. */
function recipient(
  name: string,
  order: number,
  state: RecipientState = 'waiting',
  role: RecipientRole = 'signer',
): Recipient {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`;
  return { ...newRecipient({ role, name, email, order }, name), state };
}

const ids = (recipients: readonly Recipient[]) => recipients.map((r) => r.id);

describe('whose turn it is', () => {
  it('in order: invites order 1 first, the next order only once the one before fully signed', () => {
    const waiting = [recipient('Jane', 1), recipient('John', 2)];
    expect(ids(recipientsToInvite(waiting))).toEqual(['Jane']);

    const janeInvited = [recipient('Jane', 1, 'invited'), recipient('John', 2)];
    expect(ids(recipientsToInvite(janeInvited))).toEqual([]);

    const janeSaved = [recipient('Jane', 1, 'signature-saved'), recipient('John', 2)];
    expect(ids(recipientsToInvite(janeSaved))).toEqual([]);

    const janeSigned = [recipient('Jane', 1, 'signed'), recipient('John', 2)];
    expect(currentSigningOrder(janeSigned)).toBe(2);
    expect(ids(recipientsToInvite(janeSigned))).toEqual(['John']);
  });

  it('in parallel: invites every signer of the order at once, the next only when all signed', () => {
    const parallel = [recipient('Jane', 1), recipient('John', 1), recipient('Lender', 2)];
    expect(ids(recipientsToInvite(parallel))).toEqual(['Jane', 'John']);

    const oneSigned = [
      recipient('Jane', 1, 'signed'),
      recipient('John', 1, 'viewed'),
      recipient('Lender', 2),
    ];
    expect(ids(awaitedRecipients(oneSigned))).toEqual(['John']);
    expect(ids(recipientsToInvite(oneSigned))).toEqual([]);

    const bothSigned = [
      recipient('Jane', 1, 'signed'),
      recipient('John', 1, 'signed'),
      recipient('Lender', 2),
    ];
    expect(ids(recipientsToInvite(bothSigned))).toEqual(['Lender']);
  });

  it('reads orders as given, not by list position', () => {
    const listedBackwards = [recipient('John', 2), recipient('Jane', 1)];
    expect(ids(recipientsToInvite(listedBackwards))).toEqual(['Jane']);
  });

  it('the countersigner is invited last, after every client signed', () => {
    const withFirm = [
      recipient('Jane', 1, 'signed'),
      recipient('John', 1, 'invited'),
      recipient('Engineer', 2, 'waiting', 'countersigner'),
    ];
    expect(ids(recipientsToInvite(withFirm))).toEqual([]);
    const clientsDone = withFirm.map((r) =>
      r.id === 'John' ? { ...r, state: 'signed' as const } : r,
    );
    expect(ids(recipientsToInvite(clientsDone))).toEqual(['Engineer']);
    expect(isFullySigned(clientsDone)).toBe(false);
  });

  it('never invites a cc, and a cc never holds up the next order', () => {
    const withCc = [recipient('Lender', 1, 'waiting', 'cc'), recipient('Jane', 2)];
    expect(ids(recipientsToInvite(withCc))).toEqual(['Jane']);
    const ccOnlyLeft = [recipient('Jane', 1, 'signed'), recipient('Lender', 2, 'waiting', 'cc')];
    expect(recipientsToInvite(ccOnlyLeft)).toEqual([]);
    expect(currentSigningOrder(ccOnlyLeft)).toBeNull();
  });

  it('the first signer (the spec’s single-signer fields) is the first signer of the lowest order', () => {
    const list = [
      recipient('Firm', 3, 'waiting', 'countersigner'),
      recipient('John', 2),
      recipient('Copy', 1, 'waiting', 'cc'),
      recipient('Jane', 1),
      recipient('Joan', 1),
    ];
    expect(firstSigner(list)?.id).toBe('Jane');
    expect(firstSigner([recipient('Copy', 1, 'waiting', 'cc')])).toBeNull();
  });
});

describe('fully signed', () => {
  it('needs every signer and the countersigner; a cc is ignored', () => {
    expect(isFullySigned([recipient('Jane', 1, 'signed'), recipient('John', 1, 'signed')])).toBe(
      true,
    );
    expect(
      isFullySigned([recipient('Jane', 1, 'signed'), recipient('John', 2, 'signature-saved')]),
    ).toBe(false);
    expect(
      isFullySigned([
        recipient('Jane', 1, 'signed'),
        recipient('Firm', 2, 'viewed', 'countersigner'),
      ]),
    ).toBe(false);
    expect(
      isFullySigned([
        recipient('Jane', 1, 'signed'),
        recipient('Firm', 2, 'signed', 'countersigner'),
        recipient('Copy', 2, 'waiting', 'cc'),
      ]),
    ).toBe(true);
  });

  it('a list with nobody to sign is not signed', () => {
    expect(isFullySigned([])).toBe(false);
    expect(isFullySigned([recipient('Copy', 1, 'waiting', 'cc')])).toBe(false);
  });
});

describe('a recipient’s transitions (every event × state)', () => {
  const EXPECTED: Record<RecipientEvent, { from: RecipientState[]; to: RecipientState }> = {
    invite: { from: ['waiting'], to: 'invited' },
    view: { from: ['invited'], to: 'viewed' },
    saveSignature: { from: ['invited', 'viewed'], to: 'signature-saved' },
    clearSignature: { from: ['signature-saved'], to: 'viewed' },
    sign: { from: ['signature-saved'], to: 'signed' },
    decline: { from: ['invited', 'viewed', 'signature-saved'], to: 'declined' },
  };

  for (const event of RECIPIENT_EVENTS) {
    for (const state of RECIPIENT_STATES) {
      const allowed = EXPECTED[event].from.includes(state);
      it(`${event} from ${state} is ${allowed ? `allowed, to ${EXPECTED[event].to}` : 'refused'}`, () => {
        const after = applyRecipientEvent(recipient('Jane', 1, state), event, CONTEXT);
        if (allowed) expect(after?.state).toBe(EXPECTED[event].to);
        else expect(after).toBeNull();
      });
    }
  }

  it('a cc takes no event, whatever its state', () => {
    for (const event of RECIPIENT_EVENTS) {
      for (const state of RECIPIENT_STATES) {
        expect(recipientEventAllowed(recipient('Copy', 1, state, 'cc'), event)).toBe(false);
      }
    }
  });

  it('records the step’s time, IP and user agent, and keeps earlier times', () => {
    const invited = applyRecipientEvent(recipient('Jane', 1), 'invite', CONTEXT)!;
    expect(invited.times).toEqual({
      invitedAt: AT,
      viewedAt: null,
      signatureSavedAt: null,
      signedAt: null,
    });
    const later = { at: '2026-03-02T12:05:00.000Z', ip: '198.51.100.2', userAgent: 'Firefox' };
    const viewed = applyRecipientEvent(invited, 'view', later)!;
    expect(viewed.times).toMatchObject({ invitedAt: AT, viewedAt: later.at });
    expect(viewed).toMatchObject({ lastActionIp: '198.51.100.2', lastActionUserAgent: 'Firefox' });
  });

  it('clearing a signature goes back to viewed and keeps the first save’s time', () => {
    const saved = {
      ...recipient('Jane', 1, 'signature-saved'),
      times: { invitedAt: AT, viewedAt: AT, signatureSavedAt: AT, signedAt: null },
    };
    const cleared = applyRecipientEvent(saved, 'clearSignature', CONTEXT)!;
    expect(cleared.state).toBe('viewed');
    expect(cleared.times.signatureSavedAt).toBe(AT);
  });

  it('the countersigner goes through the same steps as a signer', () => {
    let firm: Recipient | null = recipient('Firm', 2, 'waiting', 'countersigner');
    for (const event of ['invite', 'view', 'saveSignature', 'sign'] as const) {
      firm = applyRecipientEvent(firm!, event, CONTEXT);
    }
    expect(firm?.state).toBe('signed');
    expect(firm?.times.signedAt).toBe(AT);
  });

  it('every rule leads forward from where it starts, and stamps only the step it names', () => {
    for (const rule of Object.values(RECIPIENT_TRANSITIONS)) {
      expect(rule.from).not.toContain(rule.to);
    }
    expect(RECIPIENT_TRANSITIONS.clearSignature.stamps).toBeNull();
  });
});

describe('checking a recipient list for creation', () => {
  const jane: RecipientInput = {
    role: 'signer',
    name: 'Jane Doe',
    email: 'jane@example.com',
    order: 1,
  };
  const john: RecipientInput = {
    role: 'signer',
    name: 'John Doe',
    email: 'john@example.com',
    order: 1,
  };
  const firm: RecipientInput = {
    role: 'countersigner',
    name: 'Pat Engineer',
    email: 'pat@prosign.example',
    order: 1,
    staffUserId: 'user-7',
  };
  const lender: RecipientInput = { role: 'cc', email: 'loans@bank.example' };

  function errorsOf(inputs: RecipientInput[]) {
    const check = checkRecipientList(inputs);
    if (check.ok) throw new Error('expected the list to be refused');
    return check.errors;
  }

  function draftsOf(inputs: RecipientInput[]) {
    const check = checkRecipientList(inputs);
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    return check.recipients;
  }

  it('needs at least one signer (a countersigner or a cc alone is not enough)', () => {
    expect(errorsOf([])).toEqual([{ field: 'recipients', message: 'Add at least one signer.' }]);
    expect(errorsOf([firm, lender])).toEqual([
      { field: 'recipients', message: 'Add at least one signer.' },
    ]);
  });

  it('allows at most one countersigner', () => {
    const second = { ...firm, email: 'sam@prosign.example', staffUserId: 'user-8' };
    expect(errorsOf([jane, firm, second])).toEqual([
      { field: 'recipients', message: 'Only one person can countersign for the firm.' },
    ]);
  });

  it('names the field of each missing or bad value', () => {
    expect(
      errorsOf([
        { role: 'signer', name: ' ', email: 'jane@', order: 1 },
        { role: 'countersigner', name: '', email: 'pat@prosign.example', order: 2 },
        { role: 'signer', name: 'John', email: 'john@example.com', order: Number.NaN },
        { role: 'cc', email: 'not an address' },
      ]),
    ).toEqual([
      { field: 'recipients.0.name', message: 'Enter the signer’s name.' },
      { field: 'recipients.0.email', message: 'Enter a valid e-mail address.' },
      { field: 'recipients.1.name', message: 'Enter the countersigner’s name.' },
      { field: 'recipients.1.staffUserId', message: 'Choose the staff member who countersigns.' },
      { field: 'recipients.2.order', message: 'The signing order must be a number.' },
      { field: 'recipients.3.email', message: 'Enter a valid e-mail address.' },
    ]);
  });

  it('refuses two signers with one e-mail (any case), naming both and saying why', () => {
    expect(errorsOf([jane, { ...john, email: ' JANE@example.com ' }])).toEqual([
      {
        field: 'recipients.1.email',
        message:
          'Jane Doe and John Doe have the same e-mail address (JANE@example.com). ' +
          'Each signer needs their own address: their signing link is sent there.',
      },
    ]);
  });

  it('refuses a countersigner who also signs for the client', () => {
    expect(errorsOf([{ ...firm, email: 'JANE@example.com' }, jane])).toEqual([
      {
        field: 'recipients.0.email',
        message:
          'JANE@example.com already signs for the client; the firm’s countersigner must be someone else.',
      },
    ]);
    expect(errorsOf([jane, { ...firm, email: 'jane@example.com' }])).toEqual([
      {
        field: 'recipients.1.email',
        message:
          'jane@example.com already signs for the client; the firm’s countersigner must be someone else.',
      },
    ]);
  });

  it('refuses a cc who already signs (before or after them in the list) or is listed twice', () => {
    const janeAsCc: RecipientInput = { role: 'cc', email: 'jane@example.com' };
    const message =
      'jane@example.com already signs and receives the signed copy; remove them from the copy list.';
    expect(errorsOf([jane, janeAsCc])).toEqual([{ field: 'recipients.1.email', message }]);
    expect(errorsOf([janeAsCc, jane])).toEqual([{ field: 'recipients.0.email', message }]);
    expect(errorsOf([jane, lender, lender])).toEqual([
      { field: 'recipients.2.email', message: 'loans@bank.example is in the copy list twice.' },
    ]);
  });

  it('normalises orders to 1..n, keeping parallel groups', () => {
    const drafts = draftsOf([
      { ...jane, order: 10 },
      { ...john, order: 10 },
      { role: 'signer', name: 'Gina GC', email: 'gina@gc.example', order: 30 },
    ]);
    expect(drafts.map((d) => [d.name, d.order])).toEqual([
      ['Jane Doe', 1],
      ['John Doe', 1],
      ['Gina GC', 2],
    ]);
  });

  it('puts the countersigner last in an order of their own, whatever order was given', () => {
    const drafts = draftsOf([firm, jane, { ...john, order: 2 }, lender]);
    expect(drafts.map((d) => [d.role, d.order])).toEqual([
      ['signer', 1],
      ['signer', 2],
      ['countersigner', 3],
      ['cc', 3],
    ]);
    expect(drafts[2].staffUserId).toBe('user-7');
  });

  it('trims what was typed, drops a blank phone and a staff user on anyone but the countersigner', () => {
    const [draft] = draftsOf([
      { ...jane, name: '  Jane Doe ', email: ' jane@example.com ', phone: ' ', staffUserId: 'x' },
    ]);
    expect(draft).toEqual({
      role: 'signer',
      name: 'Jane Doe',
      email: 'jane@example.com',
      order: 1,
    });
    const [withPhone] = draftsOf([{ ...jane, phone: ' (510) 555-0101 ' }]);
    expect(withPhone.phone).toBe('(510) 555-0101');
  });

  it('a checked recipient starts waiting, with nothing recorded', () => {
    const [draft] = draftsOf([jane]);
    expect(newRecipient(draft, 'r1')).toEqual({
      ...draft,
      id: 'r1',
      state: 'waiting',
      times: { invitedAt: null, viewedAt: null, signatureSavedAt: null, signedAt: null },
      lastActionIp: null,
      lastActionUserAgent: null,
    });
  });
});

describe('an agreement from before recipients reads as one signer', () => {
  const SENT = new Date('2026-03-01T09:00:00Z');
  const VIEWED = new Date('2026-03-01T10:00:00Z');
  const SAVED = new Date('2026-03-01T10:05:00Z');
  const SIGNED = new Date('2026-03-01T10:06:00Z');
  const base: SingleSignerRecord = {
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: '(510) 555-0101',
    status: 'not signed',
    sentAt: SENT,
    viewedAt: null,
    signatureSavedAt: null,
    signedAt: null,
  };
  const stateOf = (record: Partial<SingleSignerRecord>) =>
    singleSignerRecipients({ ...base, ...record })[0].state;

  it('is one signer, order 1, under a fixed id, with the times as ISO strings', () => {
    const signed = singleSignerRecipients({
      ...base,
      status: 'signed',
      viewedAt: VIEWED,
      viewedIp: '198.51.100.1',
      signatureSavedAt: SAVED.toISOString(),
      signatureSavedIp: '198.51.100.2',
      signedAt: SIGNED,
      signedIp: '198.51.100.3',
    });
    expect(signed).toEqual([
      {
        id: SINGLE_SIGNER_RECIPIENT_ID,
        role: 'signer',
        name: 'Jane Doe',
        email: 'jane@example.com',
        phone: '(510) 555-0101',
        order: 1,
        state: 'signed',
        times: {
          invitedAt: '2026-03-01T09:00:00.000Z',
          viewedAt: '2026-03-01T10:00:00.000Z',
          signatureSavedAt: '2026-03-01T10:05:00.000Z',
          signedAt: '2026-03-01T10:06:00.000Z',
        },
        lastActionIp: '198.51.100.3',
        lastActionUserAgent: null,
      },
    ]);
    expect(isFullySigned(signed)).toBe(true);
    expect(recipientProgressLabel(signed)).toBe('Signed');
  });

  it('takes the state from the status while the link is open', () => {
    expect(stateOf({ status: null })).toBe('waiting');
    expect(stateOf({ status: 'not signed' })).toBe('invited');
    expect(stateOf({ status: 'not-signed' })).toBe('invited');
    expect(stateOf({ status: 'something new' })).toBe('invited');
    expect(stateOf({ status: 'viewed', viewedAt: VIEWED })).toBe('viewed');
    expect(stateOf({ status: 'signature_saved', signatureSavedAt: SAVED })).toBe('signature-saved');
    expect(stateOf({ status: 'signed_manually', signedAt: SIGNED })).toBe('signed');
    expect(stateOf({ status: 'void', signedAt: SIGNED })).toBe('signed');
  });

  it('a cleared signature reads as viewed (the status), keeping the saved time', () => {
    const [cleared] = singleSignerRecipients({
      ...base,
      status: 'viewed',
      viewedAt: VIEWED,
      viewedIp: '198.51.100.1',
      signatureSavedAt: SAVED,
    });
    expect(cleared.state).toBe('viewed');
    expect(cleared.times.signatureSavedAt).toBe(SAVED.toISOString());
    expect(cleared.lastActionIp).toBe('198.51.100.1');
  });

  it('once the link closed, the times say how far the signer got', () => {
    expect(stateOf({ status: 'cancelled' })).toBe('invited');
    expect(stateOf({ status: 'expired', viewedAt: VIEWED })).toBe('viewed');
    expect(stateOf({ status: 'resent', viewedAt: VIEWED, signatureSavedAt: SAVED })).toBe(
      'signature-saved',
    );
    expect(stateOf({ status: 'edited_resent', sentAt: null })).toBe('waiting');
  });

  it('an unpublished record has no invitation time, and a blank phone is dropped', () => {
    const [draft] = singleSignerRecipients({ ...base, status: null, phone: '' });
    expect(draft.times.invitedAt).toBeNull();
    expect(draft).not.toHaveProperty('phone');
    expect(recipientProgressLabel([draft])).toBe('Waiting for Jane Doe');
  });

  it('reads an unreadable time as not recorded', () => {
    expect(singleSignerRecipients({ ...base, viewedAt: 'yesterday' })[0].times.viewedAt).toBeNull();
  });
});

describe('the card’s progress line', () => {
  it('says who declined once a signer did, awaiting nobody', () => {
    expect(
      recipientProgressLabel([
        recipient('Jane Doe', 1, 'signed'),
        recipient('John Doe', 1, 'declined'),
        recipient('Firm', 2, 'waiting', 'countersigner'),
      ]),
    ).toBe('Declined by John Doe');
  });

  it('names the awaited signer in order, with how many of all have signed', () => {
    expect(
      recipientProgressLabel([recipient('Jane Doe', 1, 'invited'), recipient('John Doe', 2)]),
    ).toBe('Waiting for Jane Doe');
    expect(
      recipientProgressLabel([
        recipient('John Doe', 1, 'signed'),
        recipient('Jane Doe', 2, 'viewed'),
      ]),
    ).toBe('1 of 2 signed — waiting for Jane Doe');
  });

  it('names every awaited signer of a parallel order', () => {
    expect(
      recipientProgressLabel([
        recipient('Jane Doe', 1, 'invited'),
        recipient('John Doe', 1, 'viewed'),
      ]),
    ).toBe('Waiting for Jane Doe and John Doe');
    expect(
      recipientProgressLabel([
        recipient('Ann', 1, 'invited'),
        recipient('Bob', 1, 'signed'),
        recipient('Cat', 1, 'invited'),
        recipient('Dan', 1, 'invited'),
      ]),
    ).toBe('1 of 4 signed — waiting for Ann, Cat and Dan');
    expect(
      recipientProgressLabel(
        ['Ann', 'Bob', 'Cat', 'Dan', 'Eve'].map((n) => recipient(n, 1, 'invited')),
      ),
    ).toBe('Waiting for Ann, Bob and 3 others');
  });

  it('calls the countersigner "the firm"', () => {
    expect(
      recipientProgressLabel([
        recipient('Jane Doe', 1, 'signed'),
        recipient('John Doe', 1, 'signed'),
        recipient('Pat Engineer', 2, 'invited', 'countersigner'),
      ]),
    ).toBe('2 of 3 signed — waiting for the firm');
  });

  it('leaves cc out of the count and the names', () => {
    expect(
      recipientProgressLabel([
        recipient('Jane Doe', 1, 'signed'),
        recipient('Lender', 1, 'waiting', 'cc'),
        recipient('John Doe', 2, 'invited'),
      ]),
    ).toBe('1 of 2 signed — waiting for John Doe');
  });

  it('says when everyone signed, and falls back to the e-mail for an unnamed signer', () => {
    expect(
      recipientProgressLabel([recipient('Jane', 1, 'signed'), recipient('John', 2, 'signed')]),
    ).toBe('All 2 signed');
    const unnamed = { ...recipient('Jane', 1, 'invited'), name: '' };
    expect(recipientProgressLabel([unnamed])).toBe('Waiting for jane@example.com');
    expect(recipientProgressLabel([recipient('Copy', 1, 'waiting', 'cc')])).toBe('No signers');
  });
});
