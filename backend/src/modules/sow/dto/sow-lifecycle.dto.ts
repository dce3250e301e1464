import type { SowActionRequest } from '@prosign/domain';
import { IsMongoId, IsOptional, IsString, MaxLength } from 'class-validator';
import { AgreementListQuery } from '../../../platform/validation/page-query.dto';

/** `GET /api/sow/get-contracts` query. */
export class SowListQueryDto extends AgreementListQuery {}

/** A SOW dashboard action on one SOW, named by its id. */
export class SowActionDto implements SowActionRequest {
  @IsMongoId({ message: 'id must be a SOW id' })
  id: string;

  @IsOptional() @IsString() @MaxLength(320) performedBy?: string;
  @IsOptional() @IsString() @MaxLength(320) deletedBy?: string;
}
