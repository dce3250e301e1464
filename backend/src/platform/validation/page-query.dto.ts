import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type AgreementListParams } from '@prosign/domain';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** `?page=&limit=` of every paginated list: page from 1, at most 100 a page. */
export class PageQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number from 1' })
  @Min(1, { message: 'page must be a whole number from 1' })
  page: number = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be between 1 and 100' })
  @Min(1, { message: 'limit must be between 1 and 100' })
  @Max(100, { message: 'limit must be between 1 and 100' })
  limit: number = 25;
}

/**
 * `?page=&limit=&search=&filters=` of an agreement list (the contract and SOW
 * dashboards): the page sizes offered there (spec 2 §9, spec 3 §9) only.
 */
export class AgreementListQuery implements AgreementListParams {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number of at least 1' })
  @Min(1, { message: 'page must be a whole number of at least 1' })
  page: number = 1;

  @IsOptional()
  @Type(() => Number)
  @IsIn(PAGE_SIZE_OPTIONS, { message: `limit must be one of ${PAGE_SIZE_OPTIONS.join(', ')}` })
  limit: number = DEFAULT_PAGE_SIZE;

  @IsOptional() @IsString() @MaxLength(200) search?: string;

  /** `filters=viewed,signed` or repeated; unknown names are ignored by the family's parser. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.join(',') : value))
  @IsString()
  @MaxLength(500)
  filters?: string;
}
