import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  type SowActionRequest,
  type SowListParams,
} from '@prosign/domain';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsMongoId, IsOptional, IsString, MaxLength, Min } from 'class-validator';

/** `GET /api/sow/get-contracts` query. */
export class SowListQueryDto implements SowListParams {
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

  /** `filters=viewed,signed` or repeated. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.join(',') : value))
  @IsString()
  @MaxLength(500)
  filters?: string;
}

/** A SOW dashboard action on one SOW, named by its id. */
export class SowActionDto implements SowActionRequest {
  @IsMongoId({ message: 'id must be a SOW id' })
  id: string;

  @IsOptional() @IsString() @MaxLength(320) performedBy?: string;
  @IsOptional() @IsString() @MaxLength(320) deletedBy?: string;
}
