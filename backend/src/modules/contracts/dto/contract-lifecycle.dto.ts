import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  type AgreementListParams,
  type AgreementTokenRequest,
  type MarkAsSignedRequest,
} from '@prosign/domain';

/** A lifecycle call on one standard contract, named by its signing token. */
export class ContractTokenDto implements AgreementTokenRequest {
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;
}

/**
 * POST /api/email/send-reminder (spec 2 §7). The client sends the card's
 * fields too; they are accepted but the reminder is built from the stored
 * record, so nothing in the body can redirect it.
 */
export class SendReminderDto extends ContractTokenDto {
  @IsOptional() @IsString() email?: string;
  @IsOptional() @IsString() csm_email?: string;
  @IsOptional() @IsString() uniqueLink?: string;
  @IsOptional() @IsString() full_name?: string;
  @IsOptional() @IsString() service_type?: string;
  @IsOptional() @IsString() docId?: string;
  @IsOptional() @IsString() filename?: string;
  @IsOptional() @IsString() author?: string;
  @IsOptional() @IsString() contact_number?: string;
}

/** PUT /api/user/mark-as-signed {token, status}: the status is always signed_manually. */
export class MarkAsSignedDto extends ContractTokenDto implements MarkAsSignedRequest {
  @IsOptional() @IsString() status?: string;
}

/** GET /api/user/details query. */
export class ContractListQueryDto implements AgreementListParams {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number of at least 1' })
  @Min(1, { message: 'page must be a whole number of at least 1' })
  page: number = 1;

  @IsOptional()
  @Type(() => Number)
  @IsIn(PAGE_SIZE_OPTIONS, { message: `limit must be one of ${PAGE_SIZE_OPTIONS.join(', ')}` })
  limit: number = DEFAULT_PAGE_SIZE;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  /** `filters=viewed,signed` or repeated; parsed with parseDashboardFilters. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.join(',') : value))
  @IsString()
  filters?: string;
}
