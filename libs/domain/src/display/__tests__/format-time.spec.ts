import { formatPacificDateTime } from '../format-time';

describe('formatPacificDateTime', () => {
  it('shows an instant in Pacific time labelled PST', () => {
    expect(formatPacificDateTime('2026-03-04T17:05:00Z')).toBe('Mar 4, 2026, 9:05 AM PST');
    // Summer: still Pacific wall-clock time, still labelled PST as the spec asks.
    expect(formatPacificDateTime('2026-07-01T19:30:00Z')).toBe('Jul 1, 2026, 12:30 PM PST');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatPacificDateTime('not a date')).toBe('');
  });
});
