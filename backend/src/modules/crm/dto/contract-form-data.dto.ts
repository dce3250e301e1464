import { Allow, IsEmail, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const amountMessage = (name: string) => ({ message: `${name} must be a non-negative amount` });
/** Amounts arrive as numbers or strings from the form; both are kept as strings, the CRM's format. */
const toAmount = ({ value }: { value: unknown }): unknown =>
  value === '' || value === null || value === undefined
    ? undefined
    : typeof value === 'number'
      ? String(value)
      : value;

/**
 * The contract form as the creation screen sends it (spec 2 §3 "Contract form
 * data"). Fields the CRM reads are validated; the rest are accepted as they
 * are, since the same object travels to other calls.
 */
export class ContractFormDataDto {
  @IsOptional() @Transform(toAmount) @Matches(AMOUNT, amountMessage('cost')) cost?: string;
  @IsOptional() @Transform(toAmount) @Matches(AMOUNT, amountMessage('deposit')) deposit?: string;
  @IsOptional() @Transform(toAmount) @Matches(AMOUNT, amountMessage('progress')) progress?: string;
  @IsOptional() @Transform(toAmount) @Matches(AMOUNT, amountMessage('balance')) balance?: string;
  @IsOptional() @IsString() @MaxLength(200) full_name?: string;
  @IsOptional() @IsEmail({}, { message: 'email must be an e-mail address' }) email?: string;
  @IsOptional() @IsString() @MaxLength(20) contact_number?: string;
  @IsOptional() @IsString() @MaxLength(300) site_address?: string;
  @IsOptional() @IsString() @MaxLength(100) city?: string;
  @IsOptional() @IsString() @MaxLength(50) state?: string;
  @IsOptional() @IsString() @MaxLength(20) zipcode?: string;
  @IsOptional() @IsEmail({}, { message: 'csm_email must be an e-mail address' }) csm_email?: string;
  /** A `;`-joined string or a list of project types. */
  @IsOptional()
  @IsString({ each: true, message: 'project_type must be a text or a list of texts' })
  @MaxLength(300, { each: true })
  project_type?: string | string[];

  // Carried along unchanged (spec 2 §3).
  @Allow() company_name?: unknown;
  @Allow() additional_email?: unknown;
  @Allow() pm_email?: unknown;
  @Allow() hs_deal_id?: unknown;
  @Allow() hs_pipeline?: unknown;
  @Allow() stage?: unknown;
  @Allow() fullNameOptions?: unknown;
  @Allow() t24ReportCount?: unknown;
  @Allow() serviceType?: unknown;
  @Allow() search_term?: unknown;
  @Allow() engineerFeeCopy?: unknown;
  @Allow() current_date_in_PDT?: unknown;
  @Allow() first_name?: unknown;
  @Allow() middle_name?: unknown;
  @Allow() last_name?: unknown;
  @Allow() title24?: unknown;
  @Allow() contract_data?: unknown;
}
