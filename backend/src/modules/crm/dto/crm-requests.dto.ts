import {
  CONTACT_ROLES,
  type ContactByEmailParams,
  type ContactRoleChange,
  type CrmOwnerParams,
  type DealsByAddressParams,
  type FetchDealRequest,
  type PropertyOptionsParams,
  type UpdateAllRequest,
  type UpdateMissingRequest,
} from '@prosign/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ContractFormDataDto } from './contract-form-data.dto';
import { requiredObject } from '../../../platform/validation/required-object';

const PROPERTY_NAME = /^[A-Za-z0-9_]{1,100}$/;

export class FetchDealByIdDto implements FetchDealRequest {
  /** A deal id or a pasted HubSpot deal URL. */
  @IsString()
  @IsNotEmpty({ message: 'hsObjectId is required' })
  @MaxLength(500)
  hsObjectId: string;
}

export class DealByAddressQuery implements DealsByAddressParams {
  @IsString()
  @IsNotEmpty({ message: 'address is required' })
  @MaxLength(300)
  address: string;
}

export class OwnerQuery implements CrmOwnerParams {
  @Matches(/^\d{1,20}$/, { message: 'ownerId must be a numeric owner id' })
  ownerId: string;
}

export class PropertyQuery implements PropertyOptionsParams {
  @Matches(/^[A-Za-z0-9_-]{1,100}$/, {
    message: 'objectType must be a CRM object type such as deals',
  })
  objectType: string;

  @Matches(PROPERTY_NAME, { message: 'propertyName must be a CRM property name' })
  propertyName: string;
}

export class ContactByEmailQuery implements ContactByEmailParams {
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email: string;
}

export class DealIdParam {
  @Matches(/^\d{1,20}$/, { message: 'dealId must be a numeric deal id' })
  dealId: string;
}

export class ContactRoleUpdateDto implements ContactRoleChange {
  @IsOptional()
  @Matches(/^\d{1,20}$/, { message: 'contactId must be a numeric contact id' })
  contactId?: string;

  @IsEmail({}, { message: 'each contact needs an e-mail address' })
  email: string;

  @IsOptional() @IsString() @MaxLength(100) firstname?: string;
  @IsOptional() @IsString() @MaxLength(100) lastname?: string;
  @IsOptional() @IsString() @MaxLength(20) phone?: string;

  @IsIn(CONTACT_ROLES, { message: `role must be one of: ${CONTACT_ROLES.join(', ')}` })
  role: string;
}

export class UpdateMissingDto implements UpdateMissingRequest<ContractFormDataDto> {
  /**
   * Values for the missing deal properties, e.g. `{ project_type: ['ADU', 'Remodel'] }`:
   * only those the deal check reports missing (CrmService refuses any other).
   */
  @IsOptional()
  @IsObject()
  missingProperties?: Record<string, string | string[]>;

  @IsOptional()
  @IsObject({ message: 'contractFormData must be an object' })
  @ValidateNested()
  @Type(() => ContractFormDataDto)
  contractFormData?: ContractFormDataDto;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsObject({ each: true, message: 'each of updatedContactRoles must be an object' })
  @ValidateNested({ each: true })
  @Type(() => ContactRoleUpdateDto)
  updatedContactRoles?: ContactRoleUpdateDto[];
}

export class UpdateAllDto implements UpdateAllRequest<ContractFormDataDto> {
  // Required: without it there is nothing to update (was a 500).
  @IsObject({ message: requiredObject('contractFormData') })
  @ValidateNested()
  @Type(() => ContractFormDataDto)
  contractFormData: ContractFormDataDto;
}

export class SentStageMoveDto {
  @IsString()
  @Matches(/^https?:\/\/\S+$/, { message: 'contractLink must be an http(s) link' })
  @MaxLength(2000)
  contractLink: string;
}
