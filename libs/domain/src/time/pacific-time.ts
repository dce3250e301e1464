import { DISPLAY_TIME_ZONE, DISPLAY_TIME_ZONE_LABEL } from '../constants/limits';

/**
 * The one Pacific-time formatter (spec 1 §9): every time the product shows or
 * prints is Pacific wall-clock time (daylight saving applied) labelled PST, as
 * the product always has. One Intl formatter reads an instant's Pacific fields;
 * each public format below only arranges them, so the zone, the calendar and
 * the hour cycle are decided once, and the output does not depend on how a
 * runtime's Intl spells "Mar" or the space before "AM".
 */

export type Instant = Date | string | number;

/** Month names, January first (documents spell dates out). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const PACIFIC_FIELDS = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** An instant's Pacific wall-clock fields; `month` 1–12, `hour` 0–23. */
interface PacificFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The instant as a Date, or null when it names no time ("not a date", NaN). */
function toInstant(at: Instant): Date | null {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
}

function pacificFields(date: Date): PacificFields {
  const fields: Record<string, number> = {};
  for (const part of PACIFIC_FIELDS.formatToParts(date)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = fields;
  // Some runtimes still say 24 for midnight despite h23.
  return { year, month, day, hour: hour % 24, minute, second };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The instant's fields, refusing one that is not a time. Documents and stored
 * evidence (audit trail, signature stamps, agreement dates) call this: printing
 * nothing, or a made-up time, on a legal record would hide a bug, so it throws.
 */
function requiredFields(at: Instant): PacificFields {
  const date = toInstant(at);
  if (!date) throw new RangeError(`Invalid date: ${String(at)}`);
  return pacificFields(date);
}

/**
 * "2026-03-14 09:26:53 PST": Pacific time (daylight saving applied), labelled
 * PST as the product always has (spec 1 §9). The first 16 characters are the
 * minute-precision form the dashboard shows (spec 2 §9). Throws a RangeError
 * for an invalid date (see `requiredFields`).
 */
export function formatPacificTimestamp(at: Instant): string {
  const { year, month, day, hour, minute, second } = requiredFields(at);
  return (
    `${year}-${pad(month)}-${pad(day)} ` +
    `${pad(hour)}:${pad(minute)}:${pad(second)} ${DISPLAY_TIME_ZONE_LABEL}`
  );
}

/**
 * "March 14, 2026": the date of a document in Pacific time. Throws a RangeError
 * for an invalid date (see `requiredFields`).
 */
export function formatPacificDate(at: Instant): string {
  const { year, month, day } = requiredFields(at);
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

/**
 * "Mar 4, 2026, 9:05 AM PST": a time shown on a page. Returns '' for an invalid
 * date instead of throwing: a screen renders whatever the API listed, and one
 * bad value must not take the whole page down (callers show '' or a dash).
 */
export function formatPacificDateTime(at: Instant): string {
  const date = toInstant(at);
  if (!date) return '';
  const { year, month, day, hour, minute } = pacificFields(date);
  const clock = `${hour % 12 || 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${MONTH_NAMES[month - 1].slice(0, 3)} ${day}, ${year}, ${clock} ${DISPLAY_TIME_ZONE_LABEL}`;
}

/** "2026-03-14": the instant's date in Pacific time (what "today" means for date rules). */
export function pacificDateOf(at: Instant): string {
  const { year, month, day } = requiredFields(at);
  return `${year}-${pad(month)}-${pad(day)}`;
}
