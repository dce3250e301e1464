import { Transform, Type } from 'class-transformer';
import {
  Allow,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsPositive,
  isEmail,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import {
  CONTRACT_MESSAGES,
  type ContractRecordInput,
  type SendContractInput,
  type SigningOrder,
} from '@prosign/domain';
import {
  AdditionalSignerDto,
  AdditionalSignersField,
  CountersignerDto,
  CountersignerField,
  SigningOrderField,
  RequireEmailCodeField,
} from '../../../documents';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;
const text = (max: number) =>
  MaxLength(max, { message: `$property must be at most ${max} characters` });
/** An e-mail address when the field is filled (an empty field is left to the required check). */
const emailWhenGiven = (message: string) =>
  ValidateBy({
    name: 'emailWhenGiven',
    validator: {
      validate: (value: unknown) =>
        value === undefined ||
        value === null ||
        value === '' ||
        (typeof value === 'string' && isEmail(value)),
      defaultMessage: () => message,
    },
  });
const T24_MESSAGE = 'The number of Title 24 reports must be a whole number from 0 to 5.';

/**
 * The contract record of spec 2 §3 as the creation screen sends it
 * (`POST /api/token/save` without the token, which the server makes).
 */
export class ContractRecordDto implements ContractRecordInput {
  @IsString({ message: 'docLink is required' })
  @IsNotEmpty({ message: 'docLink is required' })
  @text(2000)
  docLink: string;

  @Transform(trimmed)
  @IsString({ message: 'full_name is required' })
  @IsNotEmpty({ message: 'full_name is required' })
  @text(200)
  full_name: string;

  @Transform(trimmed)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email: string;

  @IsOptional() @Transform(trimmed) @IsString() @text(200) company_name?: string;

  @IsOptional()
  @ValidateIf((_, value) => value !== '')
  @Matches(/^\+1\d{10}$/, { message: 'contact_number must be +1 followed by ten digits' })
  contact_number?: string;

  /** The additional (cc) address: a plain text field on the form, an e-mail address when given. */
  @IsOptional()
  @Transform(trimmed)
  @ValidateIf((_, value) => value !== '')
  @IsEmail({}, { message: 'cc_email must be an e-mail address' })
  cc_email?: string;

  @IsOptional() @Transform(trimmed) @IsString() @text(300) site_address?: string;
  @IsOptional() @Transform(trimmed) @IsString() @text(100) city?: string;
  @IsOptional() @Transform(trimmed) @IsString() @text(50) state?: string;
  @IsOptional() @Transform(trimmed) @IsString() @text(20) zipcode?: string;

  @Type(() => Number)
  @IsPositive({ message: CONTRACT_MESSAGES.costInvalid })
  cost: number;

  @Type(() => Number)
  @IsPositive({ message: CONTRACT_MESSAGES.depositInvalid })
  deposit: number;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'progress must be a number' })
  @Min(0, { message: 'progress must not be negative' })
  progress?: number;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'balance must be a number' })
  @Min(0, { message: 'balance must not be negative' })
  balance?: number;

  @Transform(trimmed)
  @IsString({ message: CONTRACT_MESSAGES.csmRequired })
  @IsNotEmpty({ message: CONTRACT_MESSAGES.csmRequired })
  @emailWhenGiven('csm_email must be an e-mail address')
  csm_email: string;

  @IsOptional()
  @Transform(trimmed)
  @ValidateIf((_, value) => value !== '')
  @IsEmail({}, { message: 'pm_email must be an e-mail address' })
  pm_email?: string;

  @IsOptional() @IsString() @text(200) form_type?: string;

  @Type(() => Number)
  @IsInt({ message: T24_MESSAGE })
  @Min(0, { message: T24_MESSAGE })
  @Max(5, { message: T24_MESSAGE })
  t24ReportCount: number;

  @IsOptional() @IsString() @text(20000) contractIntro?: string;
  @IsOptional() @IsString() @text(300) contractTitle?: string;
  @IsOptional() @IsString() @text(20000) contractEngineerBasicService?: string;
  @IsOptional() @IsString() @text(20000) contractEngineerAddService?: string;
  @IsOptional() @IsString() @text(20000) contractDescription?: string;
  @IsOptional() @IsString() @text(20000) contractPayment?: string;
  @IsOptional() @IsString() @text(20000) contractLicense?: string;
  @IsOptional() @IsString() @text(40000) contractTermsAndConditions?: string;

  @IsOptional()
  @ValidateIf((_, value) => value !== '' && value !== null)
  @Matches(/^\d{1,20}$/, { message: 'hsDealId must be a numeric CRM deal id' })
  hsDealId?: string | null;

  /** Accepted for compatibility; the sender is the signed-in staff member. */
  @Allow() authenticatedEmailId?: unknown;
}

/** `POST /api/contracts/send`: the whole send of spec 2 §4 in one call. */
export class SendContractDto extends ContractRecordDto implements SendContractInput {
  /** Subject of the review-link e-mail; a default naming the agreement otherwise. */
  @IsOptional() @IsString() @text(300) subject?: string;
  /** File name of the PDF sent to the cc address. */
  @IsOptional() @IsString() @text(200) filename?: string;

  /** Edit and Resend: the token of the cancelled or expired contract this one replaces. */
  @IsOptional() @IsString() @text(100) replacesToken?: string;

  @AdditionalSignersField() additional_signers?: AdditionalSignerDto[];
  @SigningOrderField() signing_order?: SigningOrder;
  @CountersignerField() countersigner?: CountersignerDto | null;
  @RequireEmailCodeField() require_email_code?: boolean;
}

/** `POST /api/email/send-link` (spec 2 §7). */
export class SendLinkDto {
  @Transform(trimmed)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email: string;

  @IsOptional() @IsString() @text(300) subject?: string;

  @Transform(trimmed)
  @IsString({ message: 'first_name is required' })
  @IsNotEmpty({ message: 'first_name is required' })
  @text(200)
  first_name: string;

  @Transform(trimmed)
  @IsString({ message: CONTRACT_MESSAGES.csmRequired })
  @IsNotEmpty({ message: CONTRACT_MESSAGES.csmRequired })
  @emailWhenGiven('csm_email must be an e-mail address')
  csm_email: string;

  @IsString({ message: 'doclink is required' })
  @IsNotEmpty({ message: 'doclink is required' })
  @text(2000)
  doclink: string;

  @IsOptional() @IsString() @text(200) filename?: string;

  @IsOptional()
  @ValidateIf((_, value) => value !== '')
  @Matches(/^\+1\d{10}$/, { message: 'contact_number must be +1 followed by ten digits' })
  contact_number?: string;
}

/** `POST /api/template/send-contract` (spec 2 §7): the document to the cc address. */
export class SendContractCopyDto {
  @IsString({ message: 'docLink is required' })
  @IsNotEmpty({ message: 'docLink is required' })
  @text(2000)
  docLink: string;

  @Transform(trimmed)
  @IsEmail({}, { message: 'recipientEmail must be an e-mail address' })
  recipientEmail: string;

  @IsOptional() @IsString() @text(300) subject?: string;
  @IsOptional() @IsString() @text(200) filename?: string;
  @IsOptional() @IsString() @text(200) full_name?: string;
  @IsOptional() @IsString() @text(320) primary_email?: string;
  @IsOptional() @IsString() @text(200) form_type?: string;
}

/** `POST /api/token/save` (spec 2 §7): the record under the token send-link returned. */
export class SaveTokenDto extends ContractRecordDto {
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @text(100)
  token: string;
}
