import type { ReopenEmailCodeRequest } from '@prosign/domain';
import { IsString, Matches } from 'class-validator';
import { AgreementTokenDto } from './agreement-action.dto';

/** A recipient id as the agreement spells them (`signer-1`): it names a field of the record. */
const RECIPIENT_ID = /^[A-Za-z0-9_-]{1,100}$/;
const RECIPIENT_ID_MESSAGE = 'recipientId must name a signer of the agreement';

/** Staff re-open a signer's locked e-mail code step: whose. */
export class ReopenEmailCodeDto implements ReopenEmailCodeRequest {
  @IsString({ message: RECIPIENT_ID_MESSAGE })
  @Matches(RECIPIENT_ID, { message: RECIPIENT_ID_MESSAGE })
  recipientId: string;
}

/** The same on a standard contract, named by its signing token (`{token, recipientId}`). */
export class TokenReopenEmailCodeDto extends AgreementTokenDto implements ReopenEmailCodeRequest {
  @IsString({ message: RECIPIENT_ID_MESSAGE })
  @Matches(RECIPIENT_ID, { message: RECIPIENT_ID_MESSAGE })
  recipientId: string;
}
