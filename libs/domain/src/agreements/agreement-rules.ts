/**
 * Small rules every family and screen shares, each written once: the balance
 * of a contract, the title an agreement goes by, and how a list is paged.
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants/limits';
import type { AgreementMailPending } from './agreement-views';

/** Rounds to whole cents, so sums of typed amounts do not drift (0.1 + 0.2). */
export function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/**
 * The final balance of a contract: cost − deposit − progress, in cents, never
 * below 0. Amounts already paid up front cannot make the client owe less than
 * nothing; forms refuse a deposit and progress above the cost separately.
 */
export function balanceOf(amounts: { cost: number; deposit: number; progress: number }): number {
  const balance = roundCents(
    (amounts.cost || 0) - (amounts.deposit || 0) - (amounts.progress || 0),
  );
  return balance > 0 ? balance : 0;
}

/** The title of a standard agreement when neither the clause title nor the service names one. */
const DEFAULT_AGREEMENT_TITLE = 'Professional Services Agreement';

/** The first non-blank of the given titles, else the default agreement title. */
export function agreementTitle(...candidates: readonly (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    const title = candidate?.trim();
    if (title) return title;
  }
  return DEFAULT_AGREEMENT_TITLE;
}

/** A page of a list, as the list calls answer it. */
export interface PageWindow {
  page: number;
  limit: number;
  skip: number;
}

/**
 * The page and size asked for, checked: pages count from 1, the size is one of
 * the offered ones (spec 1 §9, spec 2 §9) unless the list has its own sizes.
 */
export function pageWindow(
  page: number | undefined,
  limit: number | undefined,
  sizes: readonly number[] = PAGE_SIZE_OPTIONS,
  defaultSize: number = DEFAULT_PAGE_SIZE,
): PageWindow | { error: string } {
  const p = page ?? 1;
  const l = limit ?? defaultSize;
  if (!Number.isInteger(p) || p < 1) return { error: 'page must be a whole number from 1' };
  if (!sizes.includes(l)) return { error: `limit must be one of ${sizes.join(', ')}` };
  return { page: p, limit: l, skip: (p - 1) * l };
}

/** How many pages `total` rows fill at `limit` a page. */
export function pageCount(total: number, limit: number): number {
  return limit > 0 ? Math.ceil(total / limit) : 0;
}

/**
 * How long a mail may wait before its card says so: a normal send is handed to
 * the mail transport within seconds, so the line never flashes for it.
 */
export const MAIL_PENDING_NOTICE_AFTER_MS = 60_000;

/**
 * The pending mails a card mentions at `now`: those waiting at least
 * MAIL_PENDING_NOTICE_AFTER_MS, oldest first; none when all are recent.
 */
export function mailPendingNotice(
  pending: readonly AgreementMailPending[] | null | undefined,
  now: Date,
): AgreementMailPending[] {
  const waiting = (pending ?? []).filter((mail) => {
    const since = Date.parse(mail.since);
    return Number.isFinite(since) && now.getTime() - since >= MAIL_PENDING_NOTICE_AFTER_MS;
  });
  return waiting.sort((a, b) => Date.parse(a.since) - Date.parse(b.since));
}
