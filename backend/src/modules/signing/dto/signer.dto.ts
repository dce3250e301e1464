import { Transform } from 'class-transformer';
import {
  SIGNER_MESSAGES,
  type DeclineSigningRequest,
  type EditSignatureRequest,
  type SignerTokenRequest,
  type UploadImageFields,
  type UploadInitialsRequest,
  type UploadSignatureRequest,
  type UserDetailParams,
  type VerifyTokenRequest,
} from '@prosign/domain';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Longest token, signature and initials the signer calls accept. */
export const SIGNER_TOKEN_MAX = 200;
export const SIGNER_TEXT_MAX = 100;

/** Every signer call names its contract by the signing link's token. */
export class SignerTokenDto implements SignerTokenRequest {
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(SIGNER_TOKEN_MAX)
  token: string;
}

/** `POST /api/verifyToken {token, prefix}` */
export class VerifyTokenDto extends SignerTokenDto implements VerifyTokenRequest {
  @IsOptional()
  @IsString()
  @MaxLength(50)
  prefix?: string;
}

/** `POST /api/template/upload-signature` */
export class UploadSignatureDto extends SignerTokenDto implements UploadSignatureRequest {
  // Blank text is answered with the spec's message by the service, not the validator.
  @IsString()
  @MaxLength(SIGNER_TEXT_MAX, { message: `A signature is at most ${SIGNER_TEXT_MAX} characters.` })
  textSignature: string;

  @IsOptional()
  @IsString()
  @MaxLength(SIGNER_TEXT_MAX)
  clientname?: string;

  @IsOptional()
  @IsString()
  @MaxLength(SIGNER_TEXT_MAX, { message: `Initials are at most ${SIGNER_TEXT_MAX} characters.` })
  initials?: string;
}

/** `POST /api/template/upload-initials`: initials and the signer's consent. */
export class UploadInitialsDto extends SignerTokenDto implements UploadInitialsRequest {
  @IsOptional()
  @IsString()
  @MaxLength(SIGNER_TEXT_MAX)
  clientname?: string;

  @IsOptional()
  @IsString()
  @MaxLength(SIGNER_TEXT_MAX, { message: `Initials are at most ${SIGNER_TEXT_MAX} characters.` })
  initials?: string;

  // Checked by the service so a missing or false value gets the consent message.
  @IsOptional()
  @IsBoolean()
  agreedToTerms?: boolean;
}

/** `POST /api/template/upload-image` (multipart): the text fields beside the image. */
export class UploadImageDto extends SignerTokenDto implements UploadImageFields {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  docLink?: string;
}

/** `POST /api/template/edit-signature` */
export class EditSignatureDto extends SignerTokenDto implements EditSignatureRequest {
  @IsString()
  @MaxLength(SIGNER_TEXT_MAX, { message: `A signature is at most ${SIGNER_TEXT_MAX} characters.` })
  signatures: string;

  @IsString()
  @MaxLength(SIGNER_TEXT_MAX, { message: `Initials are at most ${SIGNER_TEXT_MAX} characters.` })
  initials: string;
}

/** `GET /api/user/user-detail?token=` */
export class UserDetailQuery extends SignerTokenDto implements UserDetailParams {}

/** `/api/verify/:verifyId` */
export class VerifyIdParam {
  @IsString()
  @MaxLength(100)
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  verifyId: string;
}

/**
 * Longest reason text the decline calls read (the service then checks the trimmed reason:
 * 1–1,000 characters, `checkDeclineReason`); beyond this the request is refused at once.
 */
const DECLINE_REASON_INPUT_MAX = 5000;

/** What a decline call sends: the reason (checked and trimmed by the service, as the domain says). */
export class DeclineDto {
  @IsString({ message: SIGNER_MESSAGES.declineReasonRequired })
  @MaxLength(DECLINE_REASON_INPUT_MAX, { message: SIGNER_MESSAGES.declineReasonTooLong })
  reason: string;
}

/** `POST /api/signing/decline {token, reason}` */
export class DeclineSigningDto extends SignerTokenDto implements DeclineSigningRequest {
  @IsString({ message: SIGNER_MESSAGES.declineReasonRequired })
  @MaxLength(DECLINE_REASON_INPUT_MAX, { message: SIGNER_MESSAGES.declineReasonTooLong })
  reason: string;
}
