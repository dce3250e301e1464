import { DISPLAY_TIME_ZONE, DISPLAY_TIME_ZONE_LABEL } from '../constants/limits';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/**
 * "2026-03-14 09:26:53 PST": Pacific time (daylight saving applied), labelled
 * PST as the product always has (spec 1 §9). The first 16 characters are the
 * minute-precision form the dashboard shows (spec 2 §9).
 */
export function formatPacificTimestamp(at: Date | string | number): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(at)}`);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.formatToParts(date).find((part) => part.type === type)?.value ?? '';
  return (
    `${get('year')}-${get('month')}-${get('day')} ` +
    `${get('hour')}:${get('minute')}:${get('second')} ${DISPLAY_TIME_ZONE_LABEL}`
  );
}

/** "March 14, 2026": the date of a document in Pacific time. */
export function formatPacificDate(at: Date | string | number): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(at)}`);
  return longDate.format(date);
}
