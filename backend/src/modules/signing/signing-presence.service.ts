import { Injectable } from '@nestjs/common';
import {
  AgreementLinkRepository,
  AgreementPresenceRepository,
  type Agreement,
} from '../agreements';

/** An unchanged presence is written (and pushed) again at most this often. */
const PRESENCE_REFRESH_MS = 15_000;

/** What a signer socket keeps of its agreement: enough to write presence without reading it again. */
export type PresenceAgreement = Pick<Agreement, '_id' | 'family'>;

/** Records a signer's presence on the agreement; the presence store pushes it to the staff room. */
@Injectable()
export class SigningPresenceService {
  constructor(
    private readonly links: AgreementLinkRepository,
    private readonly presence: AgreementPresenceRepository,
  ) {}

  /** Checked once per signer socket: the sent agreement a token names (its id and family), or null. */
  agreementOfToken(token: string): Promise<PresenceAgreement | null> {
    return this.links.sentAgreementOfKey('sign', token);
  }

  /** Writes only a change, or a refresh of an unchanged state older than PRESENCE_REFRESH_MS. */
  record(agreement: PresenceAgreement, active: boolean, now = new Date()): Promise<boolean> {
    // Staff screens hear of the agreement by its id, never by its signing token.
    return this.presence.recordPresence(agreement, active, now, PRESENCE_REFRESH_MS);
  }
}
