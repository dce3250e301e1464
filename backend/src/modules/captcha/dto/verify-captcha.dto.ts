import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class VerifyCaptchaDto {
  /** reCAPTCHA's `g-recaptcha-response`, or the local checkbox's challenge. */
  @IsString()
  @IsNotEmpty({ message: 'response is required' })
  @MaxLength(4000)
  response: string;
}
