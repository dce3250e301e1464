import { transitionRule, type AgreementStatus } from '@prosign/domain';
import type { Agreement } from '../agreements';

const DAY_MS = 24 * 3600_000;

/**
 * When an open signing link expires (ISO 8601): the worker's schedule expires an
 * agreement still waiting for its signers CONTRACT_EXPIRY_DAYS after it was
 * created (AgreementSchedulesService.expireDue, hourly). Null when the agreement
 * can no longer expire (signed, closed) or its creation time is unknown.
 */
export function linkExpiresAt(
  agreement: Pick<Agreement, 'family' | 'status' | 'createdAt'>,
  expiryDays: number,
): string | null {
  const created = agreement.createdAt;
  const status = agreement.status as AgreementStatus | null;
  if (!created || !transitionRule(agreement.family, 'expire').from.includes(status)) return null;
  return new Date(created.getTime() + expiryDays * DAY_MS).toISOString();
}
