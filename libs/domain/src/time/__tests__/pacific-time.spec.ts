import {
  formatPacificDate,
  formatPacificDateTime,
  formatPacificTimestamp,
  formatPacificWallClock,
} from '../pacific-time';

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
  it('shows an instant in Pacific time, to the minute, labelled PST', () => {
    expect(formatPacificDateTime('2026-03-04T17:05:00Z')).toBe('2026-03-04 09:05 PST');
  });

  it('is the dashboard created time: the timestamp cut to 16 characters plus the label (spec 2 §9)', () => {
    const at = '2026-11-27T06:32:41Z';
    expect(formatPacificDateTime(at)).toBe(`${formatPacificTimestamp(at).slice(0, 16)} PST`);
    expect(formatPacificDateTime(at)).toBe('2026-11-26 22:32 PST');
  });

  it('applies daylight saving but keeps the PST label (spec 1 §9)', () => {
    expect(formatPacificDateTime('2026-07-01T19:30:00Z')).toBe('2026-07-01 12:30 PST');
    expect(formatPacificDateTime('2026-03-08T09:59:00Z')).toBe('2026-03-08 01:59 PST');
    expect(formatPacificDateTime('2026-03-08T10:00:00Z')).toBe('2026-03-08 03:00 PST');
    expect(formatPacificDateTime('2026-11-01T08:59:00Z')).toBe('2026-11-01 01:59 PST');
    expect(formatPacificDateTime('2026-11-01T09:00:00Z')).toBe('2026-11-01 01:00 PST');
  });

  it('uses a 24-hour clock and rolls the date back across Pacific midnight', () => {
    expect(formatPacificDateTime('2026-02-03T08:00:00Z')).toBe('2026-02-03 00:00 PST');
    expect(formatPacificDateTime('2026-02-03T20:00:00Z')).toBe('2026-02-03 12:00 PST');
    expect(formatPacificDateTime(new Date('2026-12-31T07:59:00Z'))).toBe('2026-12-30 23:59 PST');
  });

  it('takes epoch milliseconds too', () => {
    expect(formatPacificDateTime(Date.parse('2026-03-04T17:05:00Z'))).toBe('2026-03-04 09:05 PST');
  });

  // Screens: one bad value from the API must not break the page; callers show '' or a dash.
  it.each([...INVALID, null, undefined, ''])('gives an empty string for %p', (at) => {
    expect(formatPacificDateTime(at)).toBe('');
  });
});

describe('formatPacificWallClock', () => {
  it('shows a stored Pacific date-time in the one format, without shifting it', () => {
    expect(formatPacificWallClock('2026-12-27T10:30')).toBe('2026-12-27 10:30 PST');
    // Summer (daylight saving): still the wall clock as stored.
    expect(formatPacificWallClock('2026-07-04T18:05')).toBe('2026-07-04 18:05 PST');
    expect(formatPacificWallClock('2026-07-04T18:05:00')).toBe('2026-07-04 18:05 PST');
    expect(formatPacificWallClock('2026-07-04 00:00')).toBe('2026-07-04 00:00 PST');
  });

  it('matches how the same Pacific moment reads as an instant', () => {
    // 10:30 PST on Dec 27 is 18:30 UTC.
    expect(formatPacificWallClock('2026-12-27T10:30')).toBe(
      formatPacificDateTime('2026-12-27T18:30:00Z'),
    );
  });

  it('keeps a date alone as the date', () => {
    expect(formatPacificWallClock('2026-03-14')).toBe('2026-03-14');
    expect(formatPacificWallClock('2028-02-29')).toBe('2028-02-29');
  });

  it.each([
    null,
    undefined,
    '',
    'soon',
    '2026-13-01',
    '2026-02-29',
    '2026-04-31T10:00',
    '2026-12-27T24:00',
    '2026-12-27T10:60',
    '2026-12-27T10:30Z',
    '12/27/2026 10:30',
  ])('gives an empty string for %p', (value) => {
    expect(formatPacificWallClock(value)).toBe('');
  });
});
