import { familyIds } from '../../families/families';
import type { Recipient } from '../recipients';
import {
  actionRule,
  actionRuleFor,
  AGREEMENT_ACTIONS,
  availableActions,
  decideAgreementAction,
  primaryAction,
  transitionCondition,
  transitionRule,
  type ActionSubject,
  type AgreementAction,
} from '../agreement-actions';
import {
  displayedStatus,
  familyStatuses,
  statusStyle,
  type AgreementFamily,
} from '../agreement-statuses';

const NOW = new Date('2026-03-02T12:00:00Z');
const admin = { isAdmin: true, userAccessAccess: true };
const staff = { isAdmin: false, userAccessAccess: false };
const staffWithUserAccess = { isAdmin: false, userAccessAccess: true };

function subject(status: string, extra: Partial<ActionSubject> = {}): ActionSubject {
  return {
    status,
    isResend: false,
    isEditResend: false,
    isDeactiveReminder: false,
    reminderDeactivateTime: null,
    ...extra,
  };
}

/**
 * The tables as the specs write them, status by status (the initial status is
 * written `initial`): spec 2 §4 (standard and change orders), spec 3 §4 (SOW).
 */
const ALL = [
  'initial',
  'viewed',
  'signature_saved',
  'signed',
  'signed_manually',
  'resent',
  'edited_resent',
  'declined',
  'cancelled',
  'expired',
  'void',
];
const EXPECTED_FROM: Record<AgreementFamily, Record<AgreementAction, string[]>> = {
  standard: {
    copyLink: ['initial', 'viewed', 'signature_saved'],
    sendReminder: ['initial', 'viewed'],
    cancel: ['initial', 'viewed', 'signature_saved', 'declined'],
    markAsSigned: ['initial', 'viewed', 'signature_saved'],
    void: ['signed', 'signed_manually'],
    resend: ['cancelled', 'expired'],
    editAndResend: ['cancelled', 'expired', 'declined'],
    delete: ALL,
    changeSigner: ['initial', 'viewed'],
    // No signer's code step is locked in these subjects (see below).
    reopenEmailCode: [],
  },
  sow: {
    copyLink: ['initial', 'viewed', 'signature_saved'],
    sendReminder: ['initial', 'viewed'],
    cancel: ['initial', 'viewed', 'signature_saved', 'declined'],
    markAsSigned: ['initial', 'viewed', 'signature_saved'],
    void: ['signed', 'signed_manually'],
    resend: ['cancelled', 'expired', 'resent', 'edited_resent'],
    editAndResend: ['cancelled', 'expired', 'resent', 'edited_resent', 'declined'],
    delete: ALL,
    changeSigner: ['initial', 'viewed'],
    // No signer's code step is locked in these subjects (see below).
    reopenEmailCode: [],
  },
  co: {
    copyLink: ['initial', 'viewed', 'signature_saved'],
    sendReminder: ['initial', 'viewed'],
    cancel: ['initial', 'viewed', 'signature_saved', 'declined'],
    markAsSigned: ['initial', 'viewed', 'signature_saved'],
    void: ['signed', 'signed_manually'],
    resend: ['cancelled', 'expired'],
    editAndResend: ['cancelled', 'expired', 'declined'],
    delete: ALL,
    changeSigner: ['initial', 'viewed'],
    // No signer's code step is locked in these subjects (see below).
    reopenEmailCode: [],
  }, // The core's table as it is: the document family departs from it in nothing.
  document: {
    copyLink: ['initial', 'viewed', 'signature_saved'],
    sendReminder: ['initial', 'viewed'],
    cancel: ['initial', 'viewed', 'signature_saved', 'declined'],
    markAsSigned: ['initial', 'viewed', 'signature_saved'],
    void: ['signed', 'signed_manually'],
    resend: ['cancelled', 'expired'],
    editAndResend: ['cancelled', 'expired', 'declined'],
    delete: ALL,
    changeSigner: ['initial', 'viewed'],
    // No signer's code step is locked in these subjects (see below).
    reopenEmailCode: [],
  },
};

describe('the action table of every family (every family × action × status)', () => {
  for (const family of familyIds()) {
    const initial = familyStatuses(family)[0];
    for (const action of AGREEMENT_ACTIONS) {
      for (const written of ALL) {
        const status = written === 'initial' ? initial : written;
        const expected = EXPECTED_FROM[family][action].includes(written);
        it(`${family}: ${action} from ${status} is ${expected ? 'allowed' : 'refused'} (admin)`, () => {
          const decision = decideAgreementAction(family, action, subject(status), admin, NOW);
          expect(decision.allowed).toBe(expected);
          if (!expected) expect(decision).toMatchObject({ reason: 'status' });
        });
      }
    }
  }
});

describe('who may act', () => {
  it('only admins void, in every family, with the spec 2 §6 message', () => {
    for (const family of familyIds()) {
      expect(decideAgreementAction(family, 'void', subject('signed'), staff, NOW)).toEqual({
        allowed: false,
        reason: 'rights',
        message: 'Unauthorized: You do not have permission to void this contract.',
      });
      expect(decideAgreementAction(family, 'void', subject('signed'), admin, NOW).allowed).toBe(
        true,
      );
    }
  });

  it('deleting a standard contract needs userAccessAccess; SOW and CO need an admin', () => {
    const cancelled = subject('cancelled');
    expect(
      decideAgreementAction('standard', 'delete', cancelled, staffWithUserAccess, NOW),
    ).toEqual({ allowed: true });
    expect(decideAgreementAction('standard', 'delete', cancelled, staff, NOW).allowed).toBe(false);
    for (const family of ['sow', 'co'] as const) {
      expect(
        decideAgreementAction(family, 'delete', cancelled, staffWithUserAccess, NOW),
      ).toMatchObject({ allowed: false, reason: 'rights' });
      expect(decideAgreementAction(family, 'delete', cancelled, admin, NOW).allowed).toBe(true);
    }
  });

  it('a card offers only what the viewer may do (no Void for non-admins)', () => {
    expect(availableActions('standard', subject('signed'), staff)).toEqual([]);
    expect(availableActions('standard', subject('signed'), admin)).toEqual(['void', 'delete']);
    expect(availableActions('sow', subject('viewed'), staffWithUserAccess)).toEqual([
      'copyLink',
      'sendReminder',
      'cancel',
      'markAsSigned',
      'changeSigner',
    ]);
  });
});

describe('resend and the reminder lock', () => {
  it('never offers resend twice', () => {
    for (const family of familyIds()) {
      const resentAlready = subject('cancelled', { isResend: true });
      expect(decideAgreementAction(family, 'resend', resentAlready, admin, NOW).allowed).toBe(
        false,
      );
      const editedAlready = subject('expired', { isEditResend: true });
      expect(
        decideAgreementAction(family, 'editAndResend', editedAlready, admin, NOW).allowed,
      ).toBe(false);
    }
  });

  it('locks the reminder until the deactivation time has passed', () => {
    const locked = subject('viewed', {
      isDeactiveReminder: true,
      reminderDeactivateTime: '2026-03-02T12:00:01Z',
    });
    expect(decideAgreementAction('sow', 'sendReminder', locked, staff, NOW)).toMatchObject({
      allowed: false,
      reason: 'locked',
    });
    const released = { ...locked, reminderDeactivateTime: '2026-03-02T11:59:59Z' };
    expect(decideAgreementAction('sow', 'sendReminder', released, staff, NOW).allowed).toBe(true);
  });
});

describe('reminders with several signers', () => {
  const signer = (id: string, order: number, state: Recipient['state']): Recipient => ({
    id,
    role: 'signer',
    name: id,
    email: `${id}@example.com`,
    order,
    state,
    times: { invitedAt: null, viewedAt: null, signatureSavedAt: null, signedAt: null },
    lastActionIp: null,
    lastActionUserAgent: null,
  });

  it('may remind once the first signer signed while a later signer is asked, never with one signer', () => {
    for (const family of familyIds()) {
      const waitingForSecond = subject('signature_saved', {
        recipients: [signer('signer-1', 1, 'signed'), signer('signer-2', 2, 'invited')],
      });
      expect(
        decideAgreementAction(family, 'sendReminder', waitingForSecond, staff, NOW).allowed,
      ).toBe(true);
      const oneSigner = subject('signature_saved', {
        recipients: [signer('signer-1', 1, 'signature-saved')],
      });
      expect(decideAgreementAction(family, 'sendReminder', oneSigner, staff, NOW).allowed).toBe(
        false,
      );
      expect(actionRuleFor(family, 'cancel', waitingForSecond)).toEqual(
        actionRule(family, 'cancel'),
      );
    }
  });
});

describe('the server update filter is the table', () => {
  it('derives the statuses, the resend guard and the lock from the rule', () => {
    expect(transitionCondition(transitionRule('standard', 'view'), NOW)).toEqual({
      status: { $in: ['not signed'] },
    });
    expect(transitionCondition(transitionRule('sow', 'saveSignature'), NOW)).toEqual({
      status: { $in: ['not-signed', 'viewed'] },
    });
    expect(transitionCondition(transitionRule('co', 'publish'), NOW)).toEqual({
      status: { $in: [null] },
    });
  });

  it('leads each signer transition to the status the specs name', () => {
    expect(transitionRule('sow', 'finish')).toEqual({ from: ['signature_saved'], to: 'signed' });
    expect(transitionRule('standard', 'expire').to).toBe('expired');
    expect(transitionRule('co', 'publish').to).toBe('not-signed');
  });

  it('lets a signer decline wherever their link is open, in every family', () => {
    expect(transitionRule('standard', 'decline')).toEqual({
      from: ['not signed', 'viewed', 'signature_saved'],
      to: 'declined',
    });
    for (const family of familyIds()) {
      const rule = transitionRule(family, 'decline');
      expect(rule.to).toBe('declined');
      expect(rule.from).toEqual(transitionRule(family, 'expire').from);
      for (const closed of [
        'signed',
        'signed_manually',
        'cancelled',
        'expired',
        'void',
        'resent',
      ]) {
        expect(rule.from).not.toContain(closed);
      }
      expect(rule.from).not.toContain('declined');
    }
    expect(transitionCondition(transitionRule('sow', 'decline'), NOW)).toEqual({
      status: { $in: ['not-signed', 'viewed', 'signature_saved'] },
    });
  });

  it('offers staff edit-and-resend, cancel and delete on a declined agreement', () => {
    for (const family of familyIds()) {
      expect(availableActions(family, subject('declined'), admin)).toEqual([
        'cancel',
        'editAndResend',
        'delete',
      ]);
      // Edited and resent once already: only cancel and delete are left.
      expect(availableActions(family, subject('declined', { isEditResend: true }), admin)).toEqual([
        'cancel',
        'delete',
      ]);
    }
    expect(actionRule('standard', 'cancel').to).toBe('cancelled');
  });
});

describe('statuses', () => {
  it('spells the initial status per family and shows unknown ones as it', () => {
    expect(displayedStatus('standard', 'weird')).toBe('not signed');
    expect(displayedStatus('sow', undefined)).toBe('not-signed');
    expect(statusStyle('co', 'not-signed')).toEqual({ label: 'Not signed', tone: 'pending' });
    expect(statusStyle('standard', 'edited_resent').label).toBe('Edited & resent');
    expect(statusStyle('sow', 'declined')).toEqual({ label: 'Declined', tone: 'danger' });
    expect(familyStatuses('co')).toContain('declined');
  });

  it('puts the most likely next step first on a card', () => {
    expect(primaryAction(['copyLink', 'sendReminder', 'cancel'])).toBe('sendReminder');
    expect(primaryAction(['resend', 'editAndResend', 'delete'])).toBe('resend');
    expect(primaryAction(['delete'])).toBeNull();
  });
});

describe('re-opening a locked e-mail code step', () => {
  it('is offered while the agreement is open and a signer is locked out, to anyone on the dashboard', () => {
    const locked = { emailCodeLocked: ['signer-2'] };
    for (const family of familyIds()) {
      for (const status of ['viewed', 'signature_saved']) {
        expect(availableActions(family, subject(status, locked), staff)).toContain(
          'reopenEmailCode',
        );
      }
      expect(
        decideAgreementAction(family, 'reopenEmailCode', subject('viewed', locked), staff, NOW),
      ).toEqual({ allowed: true });
      expect(availableActions(family, subject('signed', locked), admin)).not.toContain(
        'reopenEmailCode',
      );
      expect(availableActions(family, subject('viewed'), admin)).not.toContain('reopenEmailCode');
      expect(
        decideAgreementAction(family, 'reopenEmailCode', subject('viewed'), admin, NOW),
      ).toEqual({ allowed: false, reason: 'status', message: "No signer's code step is locked." });
    }
  });
});
