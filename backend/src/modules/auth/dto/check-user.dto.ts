import { EMAIL_REQUIRED_MESSAGE, type StaffEmailRequest } from '@prosign/domain';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** `{email}`: the user name (or the full company address) a person typed. */
export class StaffEmailDto implements StaffEmailRequest {
  @IsString({ message: EMAIL_REQUIRED_MESSAGE })
  @IsNotEmpty({ message: EMAIL_REQUIRED_MESSAGE })
  @MaxLength(320)
  email: string;
}
