import { formatPacificDate, formatPacificDateTime, formatPacificTimestamp } from '../pacific-time';

// 2026 in Pacific time: daylight saving starts Sunday March 8 at 02:00 PST
// (10:00 UTC) and ends Sunday November 1 at 02:00 PDT (09:00 UTC). The label
// stays PST all year, as the product always has (spec 1 §9).
const INVALID: Array<Date | string | number> = ['not a date', '', Number.NaN, new Date('nope')];

describe('formatPacificTimestamp', () => {
  it('shows Pacific standard time, labelled PST', () => {
    expect(formatPacificTimestamp('2026-01-15T18:04:05Z')).toBe('2026-01-15 10:04:05 PST');
  });

  it('applies daylight saving but keeps the PST label (spec 1 §9)', () => {
    expect(formatPacificTimestamp(new Date('2026-07-01T00:30:00Z'))).toBe(
      '2026-06-30 17:30:00 PST',
    );
  });

  it('jumps an hour where daylight saving starts and ends', () => {
    expect(formatPacificTimestamp('2026-03-08T09:59:59Z')).toBe('2026-03-08 01:59:59 PST');
    expect(formatPacificTimestamp('2026-03-08T10:00:00Z')).toBe('2026-03-08 03:00:00 PST');
    expect(formatPacificTimestamp('2026-11-01T08:59:59Z')).toBe('2026-11-01 01:59:59 PST');
    expect(formatPacificTimestamp('2026-11-01T09:00:00Z')).toBe('2026-11-01 01:00:00 PST');
  });

  it('writes midnight as 00 and pads every field', () => {
    expect(formatPacificTimestamp('2026-02-03T08:00:00Z')).toBe('2026-02-03 00:00:00 PST');
  });

  it('takes a Date, an ISO string or epoch milliseconds alike', () => {
    const at = '2026-01-15T18:04:05Z';
    expect(formatPacificTimestamp(new Date(at))).toBe('2026-01-15 10:04:05 PST');
    expect(formatPacificTimestamp(Date.parse(at))).toBe('2026-01-15 10:04:05 PST');
  });

  it('cuts to minutes at 16 characters', () => {
    expect(formatPacificTimestamp('2026-01-15T18:04:05Z').slice(0, 16)).toBe('2026-01-15 10:04');
  });

  // Documents and evidence: a wrong time must not be printed silently.
  it.each(INVALID)('refuses the invalid date %p', (at) => {
    expect(() => formatPacificTimestamp(at)).toThrow(RangeError);
  });
});

describe('formatPacificDate', () => {
  it('is the Pacific calendar date, not the UTC one', () => {
    expect(formatPacificDate('2026-03-01T05:00:00Z')).toBe('February 28, 2026');
  });

  it('follows daylight saving: 07:00 UTC is still the previous day in winter, not in summer', () => {
    expect(formatPacificDate('2026-01-16T07:30:00Z')).toBe('January 15, 2026');
    expect(formatPacificDate('2026-07-16T07:30:00Z')).toBe('July 16, 2026');
    expect(formatPacificDate('2026-07-16T06:59:59Z')).toBe('July 15, 2026');
  });

  it('names every month in full', () => {
    expect(formatPacificDate(new Date('2026-05-09T20:00:00Z'))).toBe('May 9, 2026');
    expect(formatPacificDate(Date.parse('2026-12-31T20:00:00Z'))).toBe('December 31, 2026');
  });

  it.each(INVALID)('refuses the invalid date %p', (at) => {
    expect(() => formatPacificDate(at)).toThrow(RangeError);
  });
});

describe('formatPacificDateTime', () => {
  it('shows an instant in Pacific time labelled PST', () => {
    expect(formatPacificDateTime('2026-03-04T17:05:00Z')).toBe('Mar 4, 2026, 9:05 AM PST');
  });

  it('applies daylight saving but keeps the PST label (spec 1 §9)', () => {
    expect(formatPacificDateTime('2026-07-01T19:30:00Z')).toBe('Jul 1, 2026, 12:30 PM PST');
    expect(formatPacificDateTime('2026-03-08T09:59:00Z')).toBe('Mar 8, 2026, 1:59 AM PST');
    expect(formatPacificDateTime('2026-03-08T10:00:00Z')).toBe('Mar 8, 2026, 3:00 AM PST');
    expect(formatPacificDateTime('2026-11-01T09:00:00Z')).toBe('Nov 1, 2026, 1:00 AM PST');
  });

  it('writes midnight as 12 AM and noon as 12 PM, with a 12-hour clock', () => {
    expect(formatPacificDateTime('2026-02-03T08:00:00Z')).toBe('Feb 3, 2026, 12:00 AM PST');
    expect(formatPacificDateTime('2026-02-03T20:00:00Z')).toBe('Feb 3, 2026, 12:00 PM PST');
    expect(formatPacificDateTime(new Date('2026-12-31T07:59:00Z'))).toBe(
      'Dec 30, 2026, 11:59 PM PST',
    );
  });

  it('takes epoch milliseconds too', () => {
    expect(formatPacificDateTime(Date.parse('2026-03-04T17:05:00Z'))).toBe(
      'Mar 4, 2026, 9:05 AM PST',
    );
  });

  // Screens: one bad value from the API must not break the page; callers show '' or a dash.
  it.each(INVALID)('gives an empty string for the invalid date %p', (at) => {
    expect(formatPacificDateTime(at)).toBe('');
  });
});
