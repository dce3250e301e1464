import {
  CHANGE_ORDER_LABELS,
  type ChangeOrderLabel,
  type CoDuplicateDealRequest,
  type CoMissingPropertiesRequest,
  type CoUpdateCrmRequest,
} from '@prosign/domain';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
} from 'class-validator';

const RECORD_ID = /^\d{1,30}$/;

export class CoAddressQuery {
  @IsString() @MaxLength(500) address: string;
}

export class CoSearchQuery {
  @IsOptional() @IsString() @MaxLength(500) search?: string;
}

export class CoRecordParams {
  @IsString() @IsNotEmpty() @MaxLength(500) id: string;
}

export class CoProjectParams {
  @Matches(RECORD_ID, { message: 'projectId must be a CRM record id' }) projectId: string;
}

export class CoUpdateCrmDto implements CoUpdateCrmRequest {
  @Matches(RECORD_ID, { message: 'dealId must be a CRM record id' }) dealId: string;
  @Matches(RECORD_ID, { message: 'projectId must be a CRM record id' }) projectId: string;
  @IsIn(CHANGE_ORDER_LABELS, { message: `label must be one of ${CHANGE_ORDER_LABELS.join(', ')}` })
  label: ChangeOrderLabel;
}

export class CoDuplicateDealDto implements CoDuplicateDealRequest {
  @Matches(RECORD_ID, { message: 'dealId must be a CRM record id' }) dealId: string;
  @Type(() => Number)
  @IsNumber({}, { message: 'amount must be a number' })
  @Min(0, { message: 'amount cannot be negative' })
  amount: number;
}

export class CoMissingPropertiesDto implements CoMissingPropertiesRequest {
  @Matches(RECORD_ID, { message: 'dealId must be a CRM record id' }) dealId: string;
  @IsOptional()
  @Matches(RECORD_ID, { message: 'contactId must be a CRM record id' })
  contactId?: string | null;
}
