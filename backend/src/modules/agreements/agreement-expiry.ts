import type { AgreementFamily } from '@prosign/domain';
import { familyConfig } from './agreement-family';
import type { Agreement } from './agreement.schema';

const DAY_MS = 24 * 3600_000;

/**
 * When an agreement's links expire — the one rule the signing page, the worker's schedule and a
 * send's read grants read: its own `expiresAt` (its family's days for its form, from when its
 * send published it), else the firm's `defaultDays` (CONTRACT_EXPIRY_DAYS) from then. Null
 * before it was published.
 */
export function agreementExpiresAt(
  agreement: Pick<Agreement, 'createdAt' | 'expiresAt'>,
  defaultDays: number,
): Date | null {
  if (agreement.expiresAt) return agreement.expiresAt;
  if (!agreement.createdAt) return null;
  return new Date(agreement.createdAt.getTime() + defaultDays * DAY_MS);
}

/**
 * The `expiresAt` a send stores with an agreement it publishes at `sentAt`: the days its family
 * reads from the form (`expiryDays`); null when the form chose none — the firm's default then
 * applies, so a change of CONTRACT_EXPIRY_DAYS reaches it as it reaches every other.
 */
export function ownExpiryOf<TForm extends object>(
  family: AgreementFamily,
  form: TForm,
  sentAt: Date,
): Date | null {
  const days = familyConfig<TForm>(family).expiryDays?.(form) ?? null;
  return days === null ? null : new Date(sentAt.getTime() + days * DAY_MS);
}

/**
 * The agreements whose links expired by `now`, as two alternatives each index-friendly on its
 * own (`{family, deletedAt, status, expiresAt}` and `{…, createdAt}`): their own expiry passed,
 * or they have none and were sent `defaultDays` ago.
 */
export function expiredByClauses(now: Date, defaultDays: number): Record<string, unknown>[] {
  const cutoff = new Date(now.getTime() - defaultDays * DAY_MS);
  return [{ expiresAt: { $lte: now } }, { expiresAt: null, createdAt: { $lte: cutoff } }];
}
