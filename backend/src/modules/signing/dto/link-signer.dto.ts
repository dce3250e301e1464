import type { LinkFinishRequest, TextSignatureRequest } from '@prosign/domain';
import { IsBoolean, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { SIGNER_TEXT_MAX, SIGNER_TOKEN_MAX } from './signer.dto';

/** The SOW and change-order signing routes name the link by its customId (`:customId`). */
export class LinkParams {
  @IsString() @IsNotEmpty() @MaxLength(SIGNER_TOKEN_MAX) customId: string;
}

/** `POST /api/{sow|co}/upload-text-signature/{customId}` */
export class TextSignatureDto implements TextSignatureRequest {
  // Blank text is answered with the spec's message by the service, not the validator.
  @IsString()
  @MaxLength(SIGNER_TEXT_MAX, { message: `A signature is at most ${SIGNER_TEXT_MAX} characters.` })
  textSignature: string;
}

/** `POST /api/{sow|co}/finish/{customId}` */
export class LinkFinishDto implements LinkFinishRequest {
  @IsBoolean({ message: 'agreedToTerms is required' })
  agreedToTerms: boolean;
}
