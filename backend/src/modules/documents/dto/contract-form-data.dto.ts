import { CLAUSE_TEXT_MAX_LENGTH, TERMS_TEXT_MAX_LENGTH } from '@prosign/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** One signatory choice of a deal (spec 2 §3 fullNameOptions). */
export class FullNameOptionDto {
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsString() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @MaxLength(40) phone?: string;
}

/**
 * Clause texts from the agreement editor (spec 2 §3 additional fields); each
 * replaces the template's section of the same name.
 */
export class ContractClausesDto {
  @IsOptional() @IsString() @MaxLength(300) agreementTitle?: string;
  @IsOptional() @IsString() @MaxLength(CLAUSE_TEXT_MAX_LENGTH) start?: string;
  @IsOptional() @IsString() @MaxLength(CLAUSE_TEXT_MAX_LENGTH) projectDescription?: string;
  @IsOptional() @IsString() @MaxLength(CLAUSE_TEXT_MAX_LENGTH) engineerBasicService?: string;
  @IsOptional() @IsString() @MaxLength(CLAUSE_TEXT_MAX_LENGTH) engineerAdditionalService?: string;
  @IsOptional() @IsString() @MaxLength(CLAUSE_TEXT_MAX_LENGTH) engineerFee?: string;
  @IsOptional() @IsString() @MaxLength(CLAUSE_TEXT_MAX_LENGTH) licensingAndInsurance?: string;
  @IsOptional() @IsString() @MaxLength(TERMS_TEXT_MAX_LENGTH) termsAndConditions?: string;
}

const money = (field: string) => ({ message: `${field} must be a number greater than 0.` });

/** The contract form data of a standard agreement (spec 2 §3), validated as spec 2 §5 says. */
export class ContractFormDataDto {
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, money('Cost'))
  @Min(0.01, money('Cost'))
  cost: number;

  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, money('Deposit'))
  @Min(0.01, money('Deposit'))
  deposit: number;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Progress must be a number.' })
  @Min(0, { message: 'Progress must not be negative.' })
  progress?: number;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Balance must be a number.' })
  @Min(0, { message: 'Balance must not be negative.' })
  balance?: number;

  @IsString()
  @IsNotEmpty({ message: 'Full name is required.' })
  @MaxLength(200)
  full_name: string;

  @IsEmail({}, { message: 'A valid client email is required.' })
  email: string;

  @IsOptional() @IsString() @MaxLength(40) contact_number?: string;
  @IsOptional() @IsString() @MaxLength(200) company_name?: string;
  /** The cc address; plain text on purpose (spec 2 §5). */
  @IsOptional() @IsString() @MaxLength(500) additional_email?: string;

  @IsString()
  @IsNotEmpty({ message: 'Site address is required.' })
  @MaxLength(300)
  site_address: string;

  @IsOptional() @IsString() @MaxLength(100) city?: string;
  @IsOptional() @IsString() @MaxLength(50) state?: string;
  @IsOptional() @IsString() @MaxLength(20) zipcode?: string;

  @IsString({ message: 'CSM email is required.' })
  @IsNotEmpty({ message: 'CSM email is required.' })
  @MaxLength(320)
  csm_email: string;

  @IsOptional() @IsString() @MaxLength(320) pm_email?: string;
  @IsOptional() @IsString() @MaxLength(40) hs_deal_id?: string;
  /** The deal's CRM pipeline (Insights' pipeline filter). */
  @IsOptional() @IsString() @MaxLength(100) hs_pipeline?: string;
  @IsOptional() @IsString() @MaxLength(100) stage?: string;
  @IsOptional() @IsString() @MaxLength(300) project_type?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsObject({ each: true, message: 'each of fullNameOptions must be an object' })
  @ValidateNested({ each: true })
  @Type(() => FullNameOptionDto)
  fullNameOptions?: FullNameOptionDto[];

  @Type(() => Number)
  @IsInt({ message: 'The number of Title 24 reports must be a whole number from 0 to 5.' })
  @Min(0, { message: 'The number of Title 24 reports must be a whole number from 0 to 5.' })
  @Max(5, { message: 'The number of Title 24 reports must be a whole number from 0 to 5.' })
  t24ReportCount: number;

  @IsOptional() @IsString() @MaxLength(200) serviceType?: string;
  @IsOptional() @IsString() @MaxLength(300) search_term?: string;
  @IsOptional() @IsString() @MaxLength(CLAUSE_TEXT_MAX_LENGTH) engineerFeeCopy?: string;
  /** Sent by the client; the server dates the agreement itself. */
  @IsOptional() @IsString() @MaxLength(100) current_date_in_PDT?: string;
  @IsOptional() @IsString() @MaxLength(100) first_name?: string;
  @IsOptional() @IsString() @MaxLength(100) middle_name?: string;
  @IsOptional() @IsString() @MaxLength(100) last_name?: string;
  /** Sent by the client; the server writes the Title 24 clause from t24ReportCount. */
  @IsOptional() @IsString() @MaxLength(500) title24?: string;

  @IsOptional()
  @IsObject({ message: 'contract_data must be an object' })
  @ValidateNested()
  @Type(() => ContractClausesDto)
  contract_data?: ContractClausesDto;
}
