import { transitionRule, type AgreementStatus } from '@prosign/domain';
import { agreementExpiresAt, type Agreement } from '../agreements';

/**
 * When an open signing link expires (ISO 8601): the worker's schedule expires an agreement still
 * waiting for its signers then (agreementExpiresAt: its own expiry, else CONTRACT_EXPIRY_DAYS
 * after it was sent; AgreementSchedulesService.expireDue, hourly). Null when the agreement can
 * no longer expire (signed, closed) or was not sent yet.
 */
export function linkExpiresAt(
  agreement: Pick<Agreement, 'family' | 'status' | 'createdAt' | 'expiresAt'>,
  defaultDays: number,
): string | null {
  const status = agreement.status as AgreementStatus | null;
  if (!transitionRule(agreement.family, 'expire').from.includes(status)) return null;
  return agreementExpiresAt(agreement, defaultDays)?.toISOString() ?? null;
}
