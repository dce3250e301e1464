import { createHash } from 'node:crypto';
import type { LocalPki } from './local-pki';
import { TimestampUnavailableError, type TimestampPort } from './timestamp.port';
import {
  checkTimeStampResponse,
  newNonce,
  TimeStampRefusedError,
  timeStampRequest,
  type TimeStampTokenInfo,
} from './tsp';

/**
 * The embedded default: the local time-stamp authority (chained to the local
 * root), asked in process with a real RFC 3161 request, its answer checked
 * exactly as a remote one is.
 */
export class LocalTimestampAdapter implements TimestampPort {
  readonly adapter = 'local' as const;

  constructor(private readonly pki: LocalPki) {}

  async timestamp(data: Buffer): Promise<TimeStampTokenInfo> {
    const { authority } = await this.pki.load();
    const digest = createHash('sha256').update(data).digest();
    const nonce = newNonce();
    try {
      return checkTimeStampResponse(authority.respond(timeStampRequest(digest, nonce)), {
        digest,
        nonce,
      });
    } catch (error) {
      if (error instanceof TimeStampRefusedError) {
        throw new TimestampUnavailableError(`the local TSA: ${error.message}`);
      }
      throw error;
    }
  }
}
