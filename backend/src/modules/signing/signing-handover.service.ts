import { Injectable } from '@nestjs/common';
import {
  SINGLE_SIGNER_RECIPIENT_ID,
  type AgreementFamily,
  type HandoverRequest,
  type HandoverResponse,
} from '@prosign/domain';
import { AgreementHandoverService } from '../agreements';
import type { SignerActor } from './signer-events';
import { SigningService } from './signing.service';

/**
 * A signer hands their place over to the authorised signatory, from any
 * family's link and as any of several signers: the link's seat is resolved as every signer
 * call resolves it (a handed-over or unknown link is refused there), then the agreement
 * core's hand-over does the one conditional update, the mails and the old link's mark.
 */
@Injectable()
export class SigningHandoverService {
  constructor(
    private readonly signing: SigningService,
    private readonly handover: AgreementHandoverService,
  ) {}

  async handOver(
    token: string,
    body: Partial<HandoverRequest>,
    actor: SignerActor,
    family?: AgreementFamily,
  ): Promise<HandoverResponse> {
    const seat = await this.signing.seatOf(token, family);
    return this.handover.handOver(
      seat.agreement,
      seat.recipientId ?? SINGLE_SIGNER_RECIPIENT_ID,
      { name: body.name, email: body.email, note: body.note },
      { kind: 'signer', ip: actor.ip, userAgent: actor.userAgent ?? null },
    );
  }
}
