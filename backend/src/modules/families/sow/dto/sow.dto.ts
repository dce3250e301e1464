import type {
  CpRole,
  SowContractInput,
  SowCreateContractRequest,
  SowMissingPropertiesRequest,
  SowProjectRequest,
  SowSendContractRequest,
  SowSendCopyRequest,
  SowServicesUpdateRequest,
  SowTemplateSections,
  SowTimeline,
  SowUpdateCrmRequest,
  SigningOrder,
} from '@prosign/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { requiredObject } from '../../../../platform/validation/required-object';
import { IsStringRecord } from '../../../../platform/validation/string-record';
import {
  AdditionalSignerDto,
  AdditionalSignersField,
  CountersignerDto,
  CountersignerField,
  SigningOrderField,
  RequireEmailCodeField,
} from '../../../documents';

const TEXT = 500;
const LONG_TEXT = 20_000;

/**
 * The SOW form's shape; what each value must be (roles known, fees, site
 * visit, timeline…) is checked by the domain's `sowFormErrors` in the service,
 * so the screen and the server say the same words.
 */
class SowContractInputDto implements SowContractInput {
  @IsString()
  @IsNotEmpty({ message: 'templateName is required' })
  @MaxLength(TEXT)
  templateName: string;

  @IsString() @MaxLength(TEXT) cp_name: string;
  @IsString() @MaxLength(TEXT) cp_email: string;
  @IsOptional() @IsString() @MaxLength(TEXT) cp_phone?: string;

  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  cp_roles: CpRole[];

  @IsObject({ message: requiredObject('fees') })
  fees: Record<string, number | string>;

  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(TEXT, { each: true })
  cc_emails: string[];

  @IsOptional() @IsString() @MaxLength(TEXT) project_type?: string;
  @IsString() @MaxLength(TEXT) project_id: string;
  @IsString() @MaxLength(TEXT) project_address: string;
  @IsOptional() @IsString() @MaxLength(LONG_TEXT) project_overview?: string;

  @IsObject({ message: requiredObject('timeline') })
  timeline: SowTimeline;

  @IsOptional() @IsString() @MaxLength(50) site_visit_date_time?: string | null;
  @IsOptional() @IsString() @MaxLength(LONG_TEXT) services_deliverables?: string;
  @IsString() @MaxLength(TEXT) pm_email: string;
  @IsOptional() @IsString() @MaxLength(20) effective_date?: string | null;
  @IsOptional() @IsString() @MaxLength(100) selectedCpId?: string | null;
  @IsOptional() @IsString() @MaxLength(100) selectedHSProjectId?: string | null;
  @IsOptional() @IsBoolean() blacklistConfirmed?: boolean;

  @IsOptional()
  @IsStringRecord(LONG_TEXT)
  sections?: SowTemplateSections;

  /**
   * Signers besides the partner, on the document (one signature block each)
   * and on the send (each their own link, in `signing_order`).
   */
  @AdditionalSignersField() additional_signers?: AdditionalSignerDto[];
  @SigningOrderField() signing_order?: SigningOrder;
  /** The staff member who countersigns for the firm after every signer. */
  @CountersignerField() countersigner?: CountersignerDto | null;
  @RequireEmailCodeField() require_email_code?: boolean;
}

export class SowCreateContractDto extends SowContractInputDto implements SowCreateContractRequest {
  @IsOptional() @IsString() @MaxLength(2000) docLink?: string | null;
}

export class SowSendContractDto extends SowContractInputDto implements SowSendContractRequest {
  @IsString() @IsNotEmpty({ message: 'docLink is required' }) @MaxLength(2000) docLink: string;
  @IsOptional() @IsString() @MaxLength(100) replacesId?: string | null;
}

export class SowSendCopyDto implements SowSendCopyRequest {
  @IsString() @IsNotEmpty({ message: 'docLink is required' }) @MaxLength(2000) docLink: string;
}

export class SowServicesUpdateDto implements SowServicesUpdateRequest {
  @IsStringRecord(20_000, { message: 'services must map partner roles to texts' })
  services: Record<string, string>;
}

export class SowProjectsQuery {
  @IsString() @MaxLength(TEXT) address: string;
}

export class SowPartnerSearchQuery {
  @IsOptional() @IsString() @MaxLength(TEXT) search?: string;
}

export class SowProjectDto implements SowProjectRequest {
  @IsString() @IsNotEmpty({ message: 'recordId is required' }) @MaxLength(TEXT) recordId: string;
}

class SowPartnerFieldsDto {
  @IsString() @MaxLength(TEXT) cp_name: string;
  @IsString() @MaxLength(TEXT) cp_email: string;
  @IsOptional() @IsString() @MaxLength(TEXT) cp_phone?: string;
  @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) cp_roles: CpRole[];
}

export class SowUpdateCrmDto implements SowUpdateCrmRequest {
  @IsObject({ message: requiredObject('contractFormData') })
  @ValidateNested()
  @Type(() => SowPartnerFieldsDto)
  contractFormData: SowPartnerFieldsDto;

  @IsString() @IsNotEmpty({ message: 'projectId is required' }) @MaxLength(100) projectId: string;
  @IsOptional() @IsString() @MaxLength(100) cpId?: string | null;
}

export class SowMissingPropertiesDto implements SowMissingPropertiesRequest {
  @IsString() @IsNotEmpty({ message: 'projectId is required' }) @MaxLength(100) projectId: string;
  @IsOptional() @IsString() @MaxLength(100) cpId?: string | null;
}
