import { CP_ROLES } from '../../crm/crm-rules';
import {
  CP_ROLE_LABELS,
  earliestSiteVisit,
  feesForRoles,
  formatSowAmount,
  formatTimeline,
  isScopeCoRole,
  needsSiteVisit,
  normalizeSiteVisit,
  parseCpRoles,
  scopeCoTotal,
  siteVisitError,
  sowCcChoices,
  sowFeeError,
  sowTotalPayment,
  timelineError,
  to24HourTime,
} from '../sow-rules';

describe('partner roles', () => {
  it('names every role of spec 3 §9', () => {
    for (const role of CP_ROLES) expect(CP_ROLE_LABELS[role]).toBeTruthy();
  });

  it('reads the stored comma list, dropping unknown roles and repeats', () => {
    expect(parseCpRoles('designer_cp, ose_cp,nonsense,designer_cp')).toEqual([
      'designer_cp',
      'ose_cp',
    ]);
    expect(parseCpRoles(['s.o_cp', 'scope_co2_cp'])).toEqual(['s.o_cp', 'scope_co2_cp']);
    expect(parseCpRoles('')).toEqual([]);
  });

  it('asks for a site visit only for ose, mdec and sss', () => {
    expect(needsSiteVisit(['designer_cp', 'eor_cp'])).toBe(false);
    expect(needsSiteVisit(['designer_cp', 'ose_cp'])).toBe(true);
    expect(needsSiteVisit(['mdec_cp'])).toBe(true);
    expect(needsSiteVisit(['sss_cp'])).toBe(true);
  });

  it('knows the scope change-order roles', () => {
    expect(isScopeCoRole('scope_co1_cp')).toBe(true);
    expect(isScopeCoRole('scope_co5_cp')).toBe(true);
    expect(isScopeCoRole('designer_cp')).toBe(false);
  });
});

describe('fees', () => {
  it.each([
    ['', 'Enter the fee for Designer.'],
    [null, 'Enter the fee for Designer.'],
    ['abc', 'The fee for Designer must be a number.'],
    ['-1', 'The fee for Designer cannot be negative.'],
    ['10.005', 'The fee for Designer can have at most two decimals.'],
    ['0', null],
    ['1,250.50', null],
    [99.99, null],
  ])('fee %p → %p', (value, message) => {
    expect(sowFeeError('designer_cp', value)).toBe(message);
  });

  it('totals the chosen roles to the cent, ignoring fees of roles not chosen', () => {
    const fees = { designer_fee_test: '0.1', eor_fee_test: '0.2', ose_fee_test: '500' };
    expect(sowTotalPayment(['designer_cp', 'eor_cp'], fees)).toBe(0.3);
  });

  it('sums the scope change-order fees into their own total', () => {
    const fees = {
      designer_fee_test: 100,
      scope_co1_fee_test: '250.25',
      scope_co3_fee_test: '49.75',
    };
    const roles = parseCpRoles('designer_cp,scope_co1_cp,scope_co3_cp');
    expect(scopeCoTotal(roles, fees)).toBe(300);
    expect(sowTotalPayment(roles, fees)).toBe(400);
  });

  it('clears the fee of a deselected role', () => {
    expect(feesForRoles(['eor_cp'], { designer_fee_test: '100', eor_fee_test: '200' })).toEqual({
      eor_fee_test: '200',
    });
  });

  it('prints amounts with cents and thousands', () => {
    expect(formatSowAmount(1250.5)).toBe('$1,250.50');
    expect(formatSowAmount(0)).toBe('$0.00');
  });
});

describe('site visit', () => {
  it.each([
    ['2:30 PM', '14:30'],
    ['12:00 AM', '00:00'],
    ['12:15 pm', '12:15'],
    ['09:05', '09:05'],
    ['13:30 PM', null],
    ['0:30 AM', null],
    ['24:00', null],
    ['9:60', null],
    ['noon', null],
  ])('converts %p to %p', (input, output) => {
    expect(to24HourTime(input)).toBe(output);
  });

  it('stores a Pacific wall-clock "YYYY-MM-DDTHH:mm"', () => {
    expect(normalizeSiteVisit('2026-12-03T14:30')).toBe('2026-12-03T14:30');
    expect(normalizeSiteVisit('2026-12-03T14:30:00')).toBe('2026-12-03T14:30');
    expect(normalizeSiteVisit('2026-12-03 2:30 PM')).toBe('2026-12-03T14:30');
    expect(normalizeSiteVisit('2026-02-30T10:00')).toBeNull();
    expect(normalizeSiteVisit('2026-12-03')).toBeNull();
    // A year half typed in the picker is still a date (not read as 1902).
    expect(normalizeSiteVisit('0002-12-03T14:30')).toBe('0002-12-03T14:30');
    expect(normalizeSiteVisit('0020-02-29T14:30')).toBe('0020-02-29T14:30');
  });

  // 2026-11-24 06:00 UTC is still 2026-11-23 in California.
  const now = new Date('2026-11-24T06:00:00Z');

  it('is required only for the site-visit roles', () => {
    expect(siteVisitError(['designer_cp'], '', now)).toBeNull();
    expect(siteVisitError(['ose_cp'], '', now)).toBe('Enter the site visit date and time.');
    expect(siteVisitError(['sss_cp'], '2026-11-23 25:00', now)).toBe(
      'Enter a valid site visit date and time.',
    );
  });

  it('cannot be earlier than today in Pacific time', () => {
    expect(siteVisitError(['mdec_cp'], '2026-11-22T23:59', now)).toBe(
      'The site visit cannot be earlier than today.',
    );
    expect(siteVisitError(['mdec_cp'], '2026-11-23T08:00', now)).toBeNull();
    expect(earliestSiteVisit(now)).toBe('2026-11-23T00:00');
  });
});

describe('timeline', () => {
  it('drops the trailing s of the unit for 1', () => {
    expect(formatTimeline({ kind: 'duration', amount: 1, unit: 'weeks' })).toBe('1 week');
    expect(formatTimeline({ kind: 'duration', amount: '3', unit: 'days' })).toBe('3 days');
    expect(formatTimeline({ kind: 'duration', amount: 1, unit: 'months' })).toBe('1 month');
  });

  it('prints a custom date-time as a date', () => {
    expect(formatTimeline({ kind: 'custom', dateTime: '2027-01-15T09:00' })).toBe(
      'January 15, 2027, 9:00 AM',
    );
  });

  it('refuses a missing, fractional or zero amount and a bad custom date', () => {
    expect(timelineError(null)).toBe('Enter the project timeline.');
    expect(timelineError({ kind: 'duration', amount: '', unit: 'days' })).toMatch(/whole number/);
    expect(timelineError({ kind: 'duration', amount: 1.5, unit: 'days' })).toMatch(/whole number/);
    expect(timelineError({ kind: 'duration', amount: 0, unit: 'days' })).toMatch(/whole number/);
    expect(timelineError({ kind: 'custom', dateTime: 'soon' })).toMatch(/valid timeline/);
    expect(timelineError({ kind: 'duration', amount: 2, unit: 'weeks' })).toBeNull();
  });
});

describe('cc choices', () => {
  it('puts the default PM first, each address once', () => {
    expect(
      sowCcChoices('PM@firm.example', ['ann@firm.example', 'pm@firm.example', 'Ann@firm.example']),
    ).toEqual(['pm@firm.example', 'ann@firm.example']);
  });
});
