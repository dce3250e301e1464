import type { CreateContractRequest } from '@prosign/domain';
import { Type } from 'class-transformer';
import {
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ContractFormDataDto } from './contract-form-data.dto';
import { SignaturePartiesDto } from './signature-parties.dto';
import { requiredObject } from '../../../platform/validation/required-object';

/** POST /api/template/create-contract (spec 2 §7). */
export class CreateContractDto implements CreateContractRequest<ContractFormDataDto> {
  /** Link of the template document to copy (`…/d/{templateId}/edit`). */
  @IsString()
  @IsNotEmpty({ message: 'docLink is required' })
  @MaxLength(2000)
  docLink: string;

  @IsObject({ message: requiredObject('formData') })
  @ValidateNested()
  @Type(() => ContractFormDataDto)
  formData: ContractFormDataDto;

  /**
   * Several signers and/or the firm's countersigner (issue 34): one signature block each.
   * Absent: the one client of the form and the firm's printed signatory.
   */
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SignaturePartiesDto)
  signatureParties?: SignaturePartiesDto;
}
