import { Injectable } from '@nestjs/common';
import { AgreementRepository } from '../agreements';

/** An unchanged presence is written (and pushed) again at most this often. */
export const PRESENCE_REFRESH_MS = 15_000;

/** Records a signer's presence on the agreement; the repository pushes it to the staff room. */
@Injectable()
export class SigningPresenceService {
  constructor(private readonly repository: AgreementRepository) {}

  /** Checked once per signer socket: the status only, not the whole record. */
  isKnownToken(token: string): Promise<boolean> {
    return this.repository.isSentKey('sign', token);
  }

  /** Writes only a change, or a refresh of an unchanged state older than PRESENCE_REFRESH_MS. */
  async record(token: string, active: boolean, now = new Date()): Promise<boolean> {
    // Only the id and family: a report must not load the whole record (a socket each).
    const agreement = await this.repository.sentAgreementOfKey('sign', token);
    if (!agreement) return false;
    // Staff screens hear of the agreement by its id, never by its signing token.
    return this.repository.recordPresence(agreement, active, now, PRESENCE_REFRESH_MS);
  }
}
