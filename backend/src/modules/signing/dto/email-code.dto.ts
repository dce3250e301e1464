import type {
  EmailCodeDefaultRequest,
  EmailCodeSendRequest,
  EmailCodeVerifyRequest,
} from '@prosign/domain';
import type { AgreementFamily } from '@prosign/domain';
import { IsAgreementFamily } from '../../../platform/validation/is-agreement-family';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { SignerTokenDto } from './signer.dto';

/** `GET /api/signing/email-code?token=`. */
export class EmailCodeStatusQuery extends SignerTokenDto {}

/** `POST /api/signing/email-code/send {token}`. */
export class EmailCodeSendDto extends SignerTokenDto implements EmailCodeSendRequest {}

/** `POST /api/signing/email-code/verify {token, code}`: the code's form is the service's check. */
export class EmailCodeVerifyDto extends SignerTokenDto implements EmailCodeVerifyRequest {
  @IsString({ message: 'Enter the 6-digit code from the e-mail.' })
  @MaxLength(20, { message: 'Enter the 6-digit code from the e-mail.' })
  code: string;
}

/** `PUT /api/email-code/defaults` (admins). */
export class EmailCodeDefaultDto implements EmailCodeDefaultRequest {
  @IsAgreementFamily()
  family: AgreementFamily;
  @IsBoolean({ message: 'required must be true or false' })
  required: boolean;
}
