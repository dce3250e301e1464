import {
  CONTRACT_ACTION_MESSAGES,
  contractSearchText,
  decideContractAction,
  isContractActionShown,
  matchesDashboardFilters,
  normalizeDashboardSearch,
  parseDashboardFilters,
  toggleDashboardFilter,
  type ContractAction,
  type ContractActionSubject,
} from '../contract-dashboard';
import { isReminderLocked } from '../../agreements/agreement-actions';

const NOW = new Date('2026-03-02T12:00:00Z');
const admin = { isAdmin: true, userAccessAccess: true };
const staff = { isAdmin: false, userAccessAccess: false };

function subject(status: string | null, extra: Partial<ContractActionSubject> = {}) {
  return {
    status,
    isResend: false,
    isEditResend: false,
    isDeactiveReminder: false,
    reminderDeactivateTime: null,
    ...extra,
  } as ContractActionSubject;
}

function shownFor(status: string | null, extra: Partial<ContractActionSubject> = {}) {
  const actions: ContractAction[] = [
    'copyLink',
    'sendReminder',
    'cancel',
    'void',
    'resend',
    'editAndResend',
    'markAsSigned',
    'delete',
  ];
  return actions.filter((action) => isContractActionShown(action, subject(status, extra)));
}

describe('action availability (spec 2 §4)', () => {
  it.each([
    ['not signed', ['copyLink', 'sendReminder', 'cancel', 'markAsSigned', 'delete']],
    ['viewed', ['copyLink', 'sendReminder', 'cancel', 'markAsSigned', 'delete']],
    ['signature_saved', ['copyLink', 'cancel', 'markAsSigned', 'delete']],
    ['signed', ['void', 'delete']],
    ['signed_manually', ['void', 'delete']],
    ['cancelled', ['resend', 'editAndResend', 'delete']],
    ['expired', ['resend', 'editAndResend', 'delete']],
    ['resent', ['delete']],
    ['edited_resent', ['delete']],
    ['void', ['delete']],
    // Unknown statuses are treated as 'not signed'.
    ['something-new', ['copyLink', 'sendReminder', 'cancel', 'markAsSigned', 'delete']],
  ])('a %s contract shows %j', (status, actions) => {
    expect(shownFor(status)).toEqual(actions);
  });

  it('hides Resend and Edit and Resend once the contract was resent', () => {
    expect(shownFor('cancelled', { isResend: true })).toEqual(['delete']);
    expect(shownFor('expired', { isEditResend: true })).toEqual(['delete']);
  });

  it('refuses an action the status does not allow, naming the status', () => {
    expect(decideContractAction('cancel', subject('signed'), admin, NOW)).toEqual({
      allowed: false,
      reason: 'status',
      message: 'Cancel Contract is not available for a contract that is signed.',
    });
  });

  it('lets only administrators void, with the spec text', () => {
    expect(decideContractAction('void', subject('signed'), admin, NOW)).toEqual({ allowed: true });
    expect(decideContractAction('void', subject('signed_manually'), staff, NOW)).toEqual({
      allowed: false,
      reason: 'rights',
      message: 'Unauthorized: You do not have permission to void this contract.',
    });
  });

  it('needs userAccessAccess to delete', () => {
    expect(decideContractAction('delete', subject('viewed'), staff, NOW)).toMatchObject({
      allowed: false,
      reason: 'rights',
    });
    expect(
      decideContractAction(
        'delete',
        subject('viewed'),
        { isAdmin: false, userAccessAccess: true },
        NOW,
      ),
    ).toEqual({ allowed: true });
  });

  it('locks reminders until the deactivation time has passed', () => {
    const locked = subject('not signed', {
      isDeactiveReminder: true,
      reminderDeactivateTime: '2026-03-02T12:00:01Z',
    });
    expect(isReminderLocked(locked, NOW)).toBe(true);
    expect(decideContractAction('sendReminder', locked, staff, NOW)).toEqual({
      allowed: false,
      reason: 'locked',
      message: CONTRACT_ACTION_MESSAGES.reminderLocked,
    });
    const expiredLock = { ...locked, reminderDeactivateTime: '2026-03-02T12:00:00Z' };
    expect(isReminderLocked(expiredLock, NOW)).toBe(false);
    expect(decideContractAction('sendReminder', expiredLock, staff, NOW)).toEqual({
      allowed: true,
    });
  });
});

describe('dashboard filters (spec 2 §9)', () => {
  it('parses a query: unknown dropped, none or all means all', () => {
    expect(parseDashboardFilters('signed,bogus, viewed')).toEqual(['viewed', 'signed']);
    expect(parseDashboardFilters(['expired', 'cancelled'])).toEqual(['cancelled', 'expired']);
    expect(parseDashboardFilters('')).toEqual(['all']);
    expect(parseDashboardFilters('signed,all')).toEqual(['all']);
    expect(parseDashboardFilters(undefined)).toEqual(['all']);
  });

  it('toggles with the all/none rules', () => {
    expect(toggleDashboardFilter(['all'], 'signed')).toEqual(['signed']);
    expect(toggleDashboardFilter(['signed'], 'signed')).toEqual(['all']);
    expect(toggleDashboardFilter(['signed', 'viewed'], 'all')).toEqual(['all']);
  });

  const c = (status: string | null, viewedTimes = 0) => ({ status, viewedTimes });

  it('viewed means opened at least once, whatever the status; notViewed never opened', () => {
    expect(matchesDashboardFilters(['viewed'], c('signed', 2))).toBe(true);
    expect(matchesDashboardFilters(['viewed'], c('not signed', 0))).toBe(false);
    expect(matchesDashboardFilters(['notViewed'], c('not signed', 0))).toBe(true);
    expect(matchesDashboardFilters(['notViewed'], c('viewed', 1))).toBe(false);
  });

  it('signed covers manual signing; notSigned only contracts still waiting for the signer', () => {
    expect(matchesDashboardFilters(['signed'], c('signed_manually', 1))).toBe(true);
    expect(matchesDashboardFilters(['signed'], c('signature_saved', 1))).toBe(false);
    expect(matchesDashboardFilters(['notSigned'], c('signature_saved', 1))).toBe(true);
    expect(matchesDashboardFilters(['notSigned'], c('cancelled'))).toBe(false);
    expect(matchesDashboardFilters(['notSigned'], c('expired'))).toBe(false);
  });

  it('combines chosen filters with OR and never lists a record without a status', () => {
    expect(matchesDashboardFilters(['cancelled', 'expired'], c('expired'))).toBe(true);
    expect(matchesDashboardFilters(['cancelled', 'expired'], c('void'))).toBe(false);
    expect(matchesDashboardFilters(['all'], c('void'))).toBe(true);
    expect(matchesDashboardFilters(['all'], c(null))).toBe(false);
  });
});

describe('dashboard search text', () => {
  it('finds a contract by name, e-mail, company, address parts and phone digits', () => {
    const text = contractSearchText({
      full_name: 'Maria  Alvarez',
      email: 'Maria@Example.com',
      company_name: 'Alvarez Trust',
      site_address: '2215 Larkin Street',
      city: 'San Francisco',
      state: 'CA',
      zipcode: '94109',
      contact_number: '+1 (415) 555-0123',
    });
    for (const term of [
      'maria alvarez',
      'MARIA@example',
      'trust',
      'larkin',
      'francisco',
      '94109',
      '4155550123',
    ]) {
      expect(text).toContain(normalizeDashboardSearch(term));
    }
  });
});
