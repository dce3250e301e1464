import { formatPacificDateTime, type Instant } from '../time/pacific-time';

/**
 * The signing page's note of when an open link stops working: the agreement expires if nobody signs by then
 * (`VerifyTokenResponse.expiresAt`).
 */
const LINK_EXPIRY_TEXTS = {
  expiresOn: 'This link expires on',
} as const;

/** "This link expires on 2026-12-27 10:30 PST."; null when no expiry is known. */
export function linkExpiryNote(expiresAt: Instant | null | undefined): string | null {
  const when = formatPacificDateTime(expiresAt);
  return when ? `${LINK_EXPIRY_TEXTS.expiresOn} ${when}.` : null;
}
