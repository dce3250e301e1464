/**
 * Insights: the contract pipeline at a glance. The page's filters as
 * they live in its URL, and the one answer that carries every figure it shows,
 * shared by the api (which computes them with aggregations) and the shell
 * (which draws them, with a table and CSV beside each chart).
 *
 * Live updates: the page listens on the staff rooms it is in (the families'
 * dashboard rooms) and fetches `INSIGHTS_PATHS.data` again on
 * `ServerEvent.AgreementChanged` ('contract-changed': a send, view, signature,
 * decline, expiry, void, reminder…) and `ServerEvent.InvoiceChanged`
 * ('invoice-changed': an invoice sent or paid). Neither event carries figures:
 * the page refetches (debounced) rather than patching numbers itself.
 */
import { z } from 'zod';
import type { AgreementFamily } from '../agreements/agreement-statuses';

// ── Routes ──

/** The api calls of the Insights page. */
export const INSIGHTS_PATHS = {
  /** `GET /api/insights?from=&to=&family=&owner=&pipeline=&stalledDays=` → `InsightsResponse`. */
  data: '/api/insights',
  /** `GET` → `InsightsDigestSetting`; `POST` `InsightsDigestSetting` → `InsightsDigestSetting`. */
  digest: '/api/insights/digest',
} as const;

/** The shell's page (the digest mail links here). */
export const INSIGHTS_PAGE_PATH = '/insights';

// ── Filters (kept in the page's URL) ──

/** The period the page opens on: the last 90 days, today included. */
const INSIGHTS_DEFAULT_PERIOD_DAYS = 90;
/** The longest period one request may ask for (two years and a day). */
const INSIGHTS_MAX_PERIOD_DAYS = 731;
/** An agreement is stalled after this many days without a view or the next signer's action. */
export const INSIGHTS_DEFAULT_STALLED_DAYS = 7;
export const INSIGHTS_MAX_STALLED_DAYS = 365;
/** The stalled list is cut at this many rows (oldest first); `total` says how many there are. */
export const INSIGHTS_STALLED_LIMIT = 50;

/**
 * What the page shows. `from` and `to` are calendar days (`YYYY-MM-DD`, both
 * included) in the firm's time zone (`InsightsResponse.timeZone`). The period
 * picks the agreements sent in it (funnel, time to sign), the events in it
 * (volume per week, decline reasons) and the invoices issued in it; value
 * waiting and stalled are as of now. `family`, `owner` (the CSM's or PM's
 * e-mail: the staff member who sends it and gets replies) and `pipeline` (the
 * CRM deal pipeline's id) narrow everything.
 */
export interface InsightsFilter {
  from: string;
  to: string;
  family: AgreementFamily | null;
  owner: string | null;
  pipeline: string | null;
  stalledDays: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included. */
export function periodDays(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** `day` moved by `days` calendar days. */
export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : null));

/** The query as it arrives (every value a string, or absent). */
const insightsQuerySchema = z.object({
  from: z.string().trim().refine(isCalendarDay, 'from must be a date as YYYY-MM-DD.').optional(),
  to: z.string().trim().refine(isCalendarDay, 'to must be a date as YYYY-MM-DD.').optional(),
  family: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9]{0,31}$/, 'family must be a family id, e.g. sow.')
    .optional(),
  owner: z
    .string()
    .trim()
    .toLowerCase()
    .max(320)
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'owner must be an e-mail address.',
    )
    .optional()
    .transform((value) => (value ? value : null)),
  pipeline: optionalText(100),
  stalledDays: z
    .string()
    .trim()
    .regex(
      /^\d{1,3}$/,
      `stalledDays must be a whole number from 1 to ${INSIGHTS_MAX_STALLED_DAYS}.`,
    )
    .transform(Number)
    .refine(
      (days) => days >= 1 && days <= INSIGHTS_MAX_STALLED_DAYS,
      `stalledDays must be a whole number from 1 to ${INSIGHTS_MAX_STALLED_DAYS}.`,
    )
    .optional(),
});

export type InsightsQuery = Partial<Record<keyof InsightsFilter, string | string[] | undefined>>;

export type InsightsFilterResult =
  { ok: true; filter: InsightsFilter } | { ok: false; message: string };

/**
 * The filter a URL query asks for, with the defaults filled in (`today`: the
 * firm's calendar day now). A repeated parameter, a malformed value, a period
 * ending before it starts or longer than `INSIGHTS_MAX_PERIOD_DAYS` is refused
 * with a message naming it. Whether `family` is one the viewer may see is the
 * server's to check.
 */
export function parseInsightsQuery(query: InsightsQuery, today: string): InsightsFilterResult {
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) return { ok: false, message: `${key} may be given once.` };
  }
  const parsed = insightsQuerySchema.safeParse(query);
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join(' ') };
  }
  const { from: givenFrom, to: givenTo, family, owner, pipeline, stalledDays } = parsed.data;
  const to = givenTo ?? (givenFrom && givenFrom > today ? givenFrom : today);
  const from = givenFrom ?? addCalendarDays(to, 1 - INSIGHTS_DEFAULT_PERIOD_DAYS);
  if (from > to) return { ok: false, message: 'from must be on or before to.' };
  if (periodDays(from, to) > INSIGHTS_MAX_PERIOD_DAYS) {
    return {
      ok: false,
      message: `The period can be at most ${INSIGHTS_MAX_PERIOD_DAYS} days long.`,
    };
  }
  return {
    ok: true,
    filter: {
      from,
      to,
      family: family ?? null,
      owner,
      pipeline,
      stalledDays: stalledDays ?? INSIGHTS_DEFAULT_STALLED_DAYS,
    },
  };
}

/** The URL query of a filter (what the page puts in its address and sends to the api). */
export function insightsQueryString(filter: InsightsFilter): string {
  const params: Array<[string, string]> = [
    ['from', filter.from],
    ['to', filter.to],
  ];
  if (filter.family) params.push(['family', filter.family]);
  if (filter.owner) params.push(['owner', filter.owner]);
  if (filter.pipeline) params.push(['pipeline', filter.pipeline]);
  if (filter.stalledDays !== INSIGHTS_DEFAULT_STALLED_DAYS) {
    params.push(['stalledDays', String(filter.stalledDays)]);
  }
  // Spelt out (libs/domain has no URLSearchParams): each value percent-encoded.
  return params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}
