import { ServiceUnavailableException } from '@nestjs/common';
import type { TimestampAdapter } from '@prosign/domain';
import type { TimeStampTokenInfo } from './tsp';

/** Injection token of the active timestamp adapter. */
export const TIMESTAMP_PORT = Symbol('TIMESTAMP_PORT');

/**
 * Trusted time (RFC 3161): a time-stamp token over data, from a time-stamp
 * authority, checked before it is returned (granted, our nonce, our imprint, a
 * valid signature by a certificate with the timeStamping key usage). No answer
 * is a TimestampUnavailableError: never the local clock in its place.
 */
export interface TimestampPort {
  readonly adapter: TimestampAdapter;
  /** A checked token whose imprint is the SHA-256 of `data`. */
  timestamp(data: Buffer): Promise<TimeStampTokenInfo>;
}

/** No time-stamp authority gave a token that passed the checks (503: try again later). */
export class TimestampUnavailableError extends ServiceUnavailableException {
  constructor(detail: string) {
    super(`No time-stamp authority answered: ${detail}`);
  }
}
