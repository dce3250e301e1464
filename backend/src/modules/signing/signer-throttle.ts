import { applyDecorators, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { SignerLinkHeaders } from '../../platform/security/signer-link-headers';

/**
 * Signer calls per client address a minute: a signing session makes a few
 * dozen; guessing tokens or flooding the finish needs far more.
 */
export const SIGNER_RATE_LIMIT = { ttl: 60_000, limit: 120 } as const;

/**
 * Rate-limits a signer endpoint per client address (the throttler the auth module registers),
 * and sends its answers with the signer link headers (no index, no referrer, no store).
 */
export function SignerRateLimit(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(ThrottlerGuard),
    Throttle({ 'sign-in': SIGNER_RATE_LIMIT }),
    SignerLinkHeaders(),
  );
}
