import { HANDOVER_MESSAGES, type ChangeSignerRequest, type HandoverRequest } from '@prosign/domain';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { AgreementTokenDto } from './agreement-action.dto';

/**
 * Longest name, e-mail and note a hand-over call accepts before the service checks them as
 * the domain says (`checkHandover`: name ≤ 200, a valid e-mail, note ≤ 1,000); beyond these
 * the request is refused at once.
 */
const NAME_INPUT_MAX = 1000;
const EMAIL_INPUT_MAX = 1000;
const NOTE_INPUT_MAX = 5000;

/** What a hand-over sends: the right signer's name and e-mail, and a note. */
export class HandoverDto implements HandoverRequest {
  @IsString({ message: HANDOVER_MESSAGES.nameRequired })
  @MaxLength(NAME_INPUT_MAX, { message: HANDOVER_MESSAGES.nameTooLong })
  name: string;

  @IsString({ message: HANDOVER_MESSAGES.email })
  @MaxLength(EMAIL_INPUT_MAX, { message: HANDOVER_MESSAGES.email })
  email: string;

  @IsOptional()
  @IsString({ message: HANDOVER_MESSAGES.noteTooLong })
  @MaxLength(NOTE_INPUT_MAX, { message: HANDOVER_MESSAGES.noteTooLong })
  note?: string;
}

/** Staff's Change signer on a standard contract (`{token, recipientId, name, email, note}`). */
export class TokenChangeSignerDto extends AgreementTokenDto implements ChangeSignerRequest {
  @IsString({ message: 'recipientId is required' })
  @IsNotEmpty({ message: 'recipientId is required' })
  @MaxLength(100)
  recipientId: string;

  @IsString({ message: HANDOVER_MESSAGES.nameRequired })
  @MaxLength(NAME_INPUT_MAX, { message: HANDOVER_MESSAGES.nameTooLong })
  name: string;

  @IsString({ message: HANDOVER_MESSAGES.email })
  @MaxLength(EMAIL_INPUT_MAX, { message: HANDOVER_MESSAGES.email })
  email: string;

  @IsOptional()
  @IsString({ message: HANDOVER_MESSAGES.noteTooLong })
  @MaxLength(NOTE_INPUT_MAX, { message: HANDOVER_MESSAGES.noteTooLong })
  note?: string;
}
