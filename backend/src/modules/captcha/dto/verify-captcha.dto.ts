import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class VerifyCaptchaDto {
  /** reCAPTCHA's `g-recaptcha-response`, or the local checkbox's challenge. */
  @IsString()
  @IsNotEmpty({ message: 'response is required' })
  @MaxLength(4000)
  response: string;

  /**
   * The signing link the page shows (the route token of the standard page, the
   * customId of the SOW and change-order pages): the pass opens only that link.
   */
  @IsString()
  @IsNotEmpty({ message: 'linkToken is required' })
  @MaxLength(200)
  linkToken: string;
}
