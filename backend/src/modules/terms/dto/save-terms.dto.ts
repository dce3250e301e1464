import { IsOptional, IsString, MaxLength } from 'class-validator';
import {
  TERMS_MESSAGES,
  TERMS_TEXT_MAX_LENGTH,
  TERMS_TOO_LONG_MESSAGE,
  type SaveTermsRequest,
} from '@prosign/domain';

export class SaveTermsDto implements SaveTermsRequest {
  /** Emptiness (after trimming) is checked by the service, with the spec's message. */
  @IsString({ message: TERMS_MESSAGES.empty })
  @MaxLength(TERMS_TEXT_MAX_LENGTH, { message: TERMS_TOO_LONG_MESSAGE })
  content: string;

  /** Sent by the spec's client; the acting user comes from the session. */
  @IsOptional() @IsString() @MaxLength(320) performedBy?: string;
}
