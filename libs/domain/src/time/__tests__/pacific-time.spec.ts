import { formatPacificDate, formatPacificTimestamp } from '../pacific-time';

describe('formatPacificTimestamp', () => {
  it('shows Pacific standard time, labelled PST', () => {
    expect(formatPacificTimestamp('2026-01-15T18:04:05Z')).toBe('2026-01-15 10:04:05 PST');
  });

  it('applies daylight saving but keeps the PST label (spec 1 §9)', () => {
    expect(formatPacificTimestamp(new Date('2026-07-01T00:30:00Z'))).toBe(
      '2026-06-30 17:30:00 PST',
    );
  });

  it('cuts to minutes at 16 characters', () => {
    expect(formatPacificTimestamp('2026-01-15T18:04:05Z').slice(0, 16)).toBe('2026-01-15 10:04');
  });

  it('refuses an invalid date', () => {
    expect(() => formatPacificTimestamp('not a date')).toThrow(RangeError);
  });
});

describe('formatPacificDate', () => {
  it('is the Pacific calendar date, not the UTC one', () => {
    expect(formatPacificDate('2026-03-01T05:00:00Z')).toBe('February 28, 2026');
  });
});
