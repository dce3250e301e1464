import type { AgreementTokenRequest, MarkAsSignedRequest } from '@prosign/domain';
import { IsNotEmpty, IsOptional, IsString, Length, MaxLength } from 'class-validator';

/** A dashboard action on one agreement named by its signing token (spec 2 §7's contract routes). */
export class AgreementTokenDto implements AgreementTokenRequest {
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;
}

/**
 * POST /api/email/send-reminder (spec 2 §7). The client sends the card's
 * fields too; they are accepted but the reminder is built from the stored
 * record, so nothing in the body can redirect it.
 */
export class TokenReminderDto extends AgreementTokenDto {
  @IsOptional() @IsString() email?: string;
  @IsOptional() @IsString() csm_email?: string;
  @IsOptional() @IsString() uniqueLink?: string;
  @IsOptional() @IsString() full_name?: string;
  @IsOptional() @IsString() service_type?: string;
  @IsOptional() @IsString() docId?: string;
  @IsOptional() @IsString() filename?: string;
  @IsOptional() @IsString() author?: string;
  @IsOptional() @IsString() contact_number?: string;
}

/** PUT /api/user/mark-as-signed {token, status}: the status is always signed_manually. */
export class TokenMarkAsSignedDto extends AgreementTokenDto implements MarkAsSignedRequest {
  @IsOptional() @IsString() status?: string;
}

/** An agreement named by its id in the path (`/api/agreements/:id/…`). */
export class AgreementIdParam {
  @IsString()
  @Length(1, 300)
  id: string;
}
