/**
 * Rules of the Scope-of-Work form (spec 3 §5, §9): partner roles and their
 * fees, the scope change-order total, the site visit, the timeline, the cc
 * list of PM users. The /sow screen applies them while the user types; the
 * server applies the same ones to what it receives (and refuses what fails).
 */
import { CP_ROLE_FEE_FIELDS, isCpRole, type CpRole } from '../crm/crm-rules';
import { MONTH_NAMES, pacificDateOf } from '../time/pacific-time';
import { formatUsd } from '../money/money';

/** How each partner role is named on screens and in the document. */
export const CP_ROLE_LABELS: Readonly<Record<CpRole, string>> = {
  designer_cp: 'Designer',
  eor_cp: 'Engineer of Record (EOR)',
  ose_cp: 'On-Site Engineer (OSE)',
  mdec_cp: 'MDEC',
  peer_review_cp: 'Peer Review',
  drafter_cp: 'Drafter',
  's.o_cp': 'S.O',
  sss_cp: 'SSS',
  t24_cp: 'T24',
  scope_co1_cp: 'Scope CO1',
  scope_co2_cp: 'Scope CO2',
  scope_co3_cp: 'Scope CO3',
  scope_co4_cp: 'Scope CO4',
  scope_co5_cp: 'Scope CO5',
};

export type SowFeeField = (typeof CP_ROLE_FEE_FIELDS)[CpRole];

export function feeFieldOf(role: CpRole): SowFeeField {
  return CP_ROLE_FEE_FIELDS[role];
}

/** Fee inputs: numbers of at least 0 in steps of a cent (spec 3 §9). */
export const SOW_FEE_MIN = 0;
export const SOW_FEE_STEP = 0.01;

/** Roles whose work includes a site visit: the date-time is asked for and required. */
const SITE_VISIT_ROLES: readonly CpRole[] = ['ose_cp', 'mdec_cp', 'sss_cp'];

const SCOPE_CO_ROLE = /^scope_co\d+_cp$/;

export function isScopeCoRole(role: string): boolean {
  return SCOPE_CO_ROLE.test(role);
}

/** Warning shown when a scope change-order role is chosen (spec 3 §5). */
export const SCOPE_CO_ROLE_WARNING =
  'A scope change-order role also needs the partner role labels it covers: choose them too.';

/** Confirmation asked before a blacklisted partner is used (spec 3 §5). */
export const BLACKLISTED_PARTNER_CONFIRMATION =
  'This community partner is marked Blacklisted. Do you still want to create a contract with them?';

/** `cp_roles` as stored: a comma list (spec 3 §3). Unknown roles are dropped, each role once. */
export function parseCpRoles(value: string | readonly string[] | null | undefined): CpRole[] {
  const items = Array.isArray(value) ? value : String(value ?? '').split(',');
  const roles = items.map((item) => String(item).trim()).filter(isCpRole);
  return [...new Set(roles)];
}

export function joinCpRoles(roles: readonly CpRole[]): string {
  return [...new Set(roles)].join(',');
}

export function needsSiteVisit(roles: readonly CpRole[]): boolean {
  return roles.some((role) => SITE_VISIT_ROLES.includes(role));
}

/** The fee typed for a role as a number; null when empty or not a number. */
export function feeValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value ?? '')
    .replace(/[$,\s]/g, '')
    .trim();
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** What is wrong with one role's fee, or null: required, a number, ≥ 0, whole cents. */
export function sowFeeError(role: CpRole, value: unknown): string | null {
  const label = CP_ROLE_LABELS[role];
  const empty = value === null || value === undefined || String(value).trim() === '';
  if (empty) return `Enter the fee for ${label}.`;
  const fee = feeValue(value);
  if (fee === null) return `The fee for ${label} must be a number.`;
  if (fee < SOW_FEE_MIN) return `The fee for ${label} cannot be negative.`;
  if (Math.abs(Math.round(fee * 100) - fee * 100) > 1e-6) {
    return `The fee for ${label} can have at most two decimals.`;
  }
  return null;
}

/** The fee fields after a role change: a deselected role's fee is cleared (spec 3 §5). */
export function feesForRoles(
  roles: readonly CpRole[],
  fees: Readonly<Partial<Record<SowFeeField, unknown>>>,
): Partial<Record<SowFeeField, unknown>> {
  const kept: Partial<Record<SowFeeField, unknown>> = {};
  for (const role of roles) {
    const field = feeFieldOf(role);
    if (fees[field] !== undefined) kept[field] = fees[field];
  }
  return kept;
}

const cents = (value: number) => Math.round(value * 100);

/** The total payment: the sum of the chosen roles' fees (spec 3 §2), in whole cents. */
export function sowTotalPayment(
  roles: readonly CpRole[],
  fees: Readonly<Partial<Record<SowFeeField, unknown>>>,
): number {
  return roles.reduce((sum, role) => sum + cents(feeValue(fees[feeFieldOf(role)]) ?? 0), 0) / 100;
}

/** The read-only "Total Scope COn Fee": the sum of the chosen scope change-order roles' fees. */
export function scopeCoTotal(
  roles: readonly CpRole[],
  fees: Readonly<Partial<Record<SowFeeField, unknown>>>,
): number {
  return sowTotalPayment(roles.filter(isScopeCoRole), fees);
}

/** Money as the document and the form show it: "$1,250.50" (`formatUsd`, one rule for every family). */
export const formatSowAmount: (value: number) => string = formatUsd;

// ── Site visit ────────────────────────────────────────────────────────────

/**
 * "2:30 PM" → "14:30"; "14:30" stays. Null when the time is not a valid clock
 * time (spec 3 §5: times are converted from 12-hour to 24-hour and must be valid).
 */
export function to24HourTime(time: string): string | null {
  const text = time.trim().toUpperCase();
  const twelve = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2]);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    const hour24 = (hour % 12) + (twelve[3] === 'PM' ? 12 : 0);
    return `${String(hour24).padStart(2, '0')}:${twelve[2]}`;
  }
  const twentyFour = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (twentyFour) {
    const hour = Number(twentyFour[1]);
    const minute = Number(twentyFour[2]);
    if (hour > 23 || minute > 59) return null;
    return `${String(hour).padStart(2, '0')}:${twentyFour[2]}`;
  }
  return null;
}

function isRealDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number);
  const probe = new Date(0);
  probe.setUTCFullYear(year, month - 1, day); // Date.UTC reads years 0–99 as 1900–1999
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}

/**
 * A site visit as stored: "YYYY-MM-DDTHH:mm", Pacific wall-clock time. Takes
 * that form, or a date with a 12-hour time ("2026-12-03 2:30 PM"); null when
 * either part is not valid.
 */
export function normalizeSiteVisit(value: string | null | undefined): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T\s]+(.+)$/.exec(String(value ?? '').trim());
  if (!match || !isRealDate(match[1])) return null;
  // Seconds, as a browser's datetime-local may send them, are dropped.
  const time = to24HourTime(match[2].replace(/^(\d{1,2}:\d{2}):\d{2}(\.\d+)?$/, '$1'));
  return time ? `${match[1]}T${time}` : null;
}

/**
 * What is wrong with the site visit for these roles, or null: required only for
 * the site-visit roles, a valid date and time, not before today (Pacific).
 */
export function siteVisitError(
  roles: readonly CpRole[],
  value: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (!needsSiteVisit(roles)) return null;
  if (!String(value ?? '').trim()) return 'Enter the site visit date and time.';
  const visit = normalizeSiteVisit(value);
  if (!visit) return 'Enter a valid site visit date and time.';
  if (visit.slice(0, 10) < pacificDateOf(now))
    return 'The site visit cannot be earlier than today.';
  return null;
}

/** The earliest site visit the picker offers: the start of today, Pacific ("YYYY-MM-DDT00:00"). */
export function earliestSiteVisit(now: Date = new Date()): string {
  return `${pacificDateOf(now)}T00:00`;
}

// ── Timeline ──────────────────────────────────────────────────────────────

export const TIMELINE_UNITS = ['days', 'weeks', 'months'] as const;
export type TimelineUnit = (typeof TIMELINE_UNITS)[number];

/** The timeline as the form holds it: a number and a unit, or a custom date-time. */
export type SowTimeline =
  | { kind: 'duration'; amount: number | string; unit: TimelineUnit }
  | { kind: 'custom'; dateTime: string };

/** What is wrong with a timeline, or null. */
export function timelineError(timeline: SowTimeline | null | undefined): string | null {
  if (!timeline) return 'Enter the project timeline.';
  if (timeline.kind === 'custom') {
    return normalizeSiteVisit(timeline.dateTime) ? null : 'Enter a valid timeline date and time.';
  }
  const amount = Number(timeline.amount);
  if (String(timeline.amount).trim() === '' || !Number.isInteger(amount) || amount < 1) {
    return 'The timeline must be a whole number of at least 1.';
  }
  if (!TIMELINE_UNITS.includes(timeline.unit)) return 'Choose days, weeks or months.';
  return null;
}

/**
 * `project_timeline` as sent: "3 weeks", "1 week" (a value of 1 loses the
 * unit's trailing s, spec 3 §5), or a custom date-time ("December 3, 2026, 2:30 PM").
 */
export function formatTimeline(timeline: SowTimeline): string {
  if (timeline.kind === 'custom') {
    const visit = normalizeSiteVisit(timeline.dateTime);
    if (!visit) throw new RangeError(`Invalid timeline date: ${timeline.dateTime}`);
    return formatWallClock(visit);
  }
  const amount = Number(timeline.amount);
  return `${amount} ${amount === 1 ? timeline.unit.slice(0, -1) : timeline.unit}`;
}

/** "2026-12-03" → "December 3, 2026" (a calendar date, no time zone involved). */
export function formatCalendarDate(value: string): string {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

/** "2026-12-03T14:30" (a Pacific wall-clock time) → "December 3, 2026, 2:30 PM". */
export function formatWallClock(value: string): string {
  const [date, time] = value.split('T');
  const [hour, minute] = time.split(':').map(Number);
  const clock = `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${formatCalendarDate(date)}, ${clock}`;
}

// ── Copy list ─────────────────────────────────────────────────────────────

/**
 * The cc choices: the PM users, always headed by the firm's default PM (spec 3
 * §5), each address once.
 */
export function sowCcChoices(defaultPmEmail: string, pmEmails: readonly string[]): string[] {
  const normalized = (email: string) => email.trim().toLowerCase();
  const first = normalized(defaultPmEmail);
  return [first, ...pmEmails.map(normalized).filter((email) => email && email !== first)].filter(
    (email, index, all) => all.indexOf(email) === index,
  );
}
