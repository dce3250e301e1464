import { HANDOVER_MESSAGES, type HandoverSigningRequest } from '@prosign/domain';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { SIGNER_TOKEN_MAX } from './signer.dto';

/** `POST /api/signing/hand-over {token, name, email, note}`: checked by the domain's rule. */
export class HandoverSigningDto implements HandoverSigningRequest {
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(SIGNER_TOKEN_MAX)
  token: string;

  @IsString({ message: HANDOVER_MESSAGES.nameRequired })
  @MaxLength(1000, { message: HANDOVER_MESSAGES.nameTooLong })
  name: string;

  @IsString({ message: HANDOVER_MESSAGES.email })
  @MaxLength(1000, { message: HANDOVER_MESSAGES.email })
  email: string;

  @IsOptional()
  @IsString({ message: HANDOVER_MESSAGES.noteTooLong })
  @MaxLength(5000, { message: HANDOVER_MESSAGES.noteTooLong })
  note?: string;
}
