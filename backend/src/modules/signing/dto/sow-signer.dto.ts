import type { SowFinishRequest, SowTextSignatureRequest } from '@prosign/domain';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { SIGNER_TEXT_MAX, SIGNER_TOKEN_MAX } from './signer.dto';

/** The SOW signing routes name the link by its customId (`:customId` or `:id`). */
export class SowLinkParams {
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(SIGNER_TOKEN_MAX) customId: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(SIGNER_TOKEN_MAX) id: string;
}

/** `POST /api/sow/upload-text-signature/{customId}` */
export class SowTextSignatureDto implements SowTextSignatureRequest {
  // Blank text is answered with the spec's message by the service, not the validator.
  @IsString()
  @MaxLength(SIGNER_TEXT_MAX, { message: `A signature is at most ${SIGNER_TEXT_MAX} characters.` })
  textSignature: string;
}

/** `POST /api/sow/finish/{customId}` */
export class SowFinishDto implements SowFinishRequest {
  @IsBoolean({ message: 'agreedToTerms is required' })
  agreedToTerms: boolean;
}
