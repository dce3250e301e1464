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
 * "2026-03-04 09:05 PST": the one format of a time shown on a page, card,
 * modal or list. It is the dashboard's created time (spec 2 §9 cuts the
 * timestamp to its first 16 characters) with the zone label, so every screen
 * shows times the same way. Returns '' for a missing or invalid date instead of
 * throwing: a screen renders whatever the API listed, and one bad value must
 * not take the whole page down (callers show '' or a dash).
 */
export function formatPacificDateTime(at: Instant | null | undefined): string {
  const date = at == null || at === '' ? null : toInstant(at);
  if (!date) return '';
  const { year, month, day, hour, minute } = pacificFields(date);
  return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)} ${DISPLAY_TIME_ZONE_LABEL}`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * A stored Pacific wall-clock string in the one format: "2026-12-27T10:30" (a
 * site visit, entered and kept as Pacific time, no zone) reads
 * "2026-12-27 10:30 PST"; a date alone ("2026-12-27", an effective date) stays
 * "2026-12-27". No zone arithmetic: the string already is Pacific time. Returns
 * '' for a missing value or one that names no real date or time.
 */
export function formatPacificWallClock(value: string | null | undefined): string {
  const match = WALL_CLOCK.exec((value ?? '').trim());
  if (!match) return '';
  const [, y, m, d, hh, mm] = match;
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return '';
  const date = `${y}-${m}-${d}`;
  if (hh === undefined) return date;
  if (Number(hh) > 23 || Number(mm) > 59) return '';
  return `${date} ${hh}:${mm} ${DISPLAY_TIME_ZONE_LABEL}`;
}

/** "2026-03-14": the instant's date in Pacific time (what "today" means for date rules). */
export function pacificDateOf(at: Instant): string {
  const { year, month, day } = requiredFields(at);
  return `${year}-${pad(month)}-${pad(day)}`;
}
