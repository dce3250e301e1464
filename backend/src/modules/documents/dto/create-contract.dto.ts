import type { CreateContractRequest } from '@prosign/domain';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ContractFormDataDto } from './contract-form-data.dto';
import {
  AdditionalSignerDto,
  AdditionalSignersField,
  CountersignerDto,
  CountersignerField,
} from './signers.dto';
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
   * Signers besides the form's own: one signature block each, under the
   * recipient ids the send gives them (the same `additional_signers` the send takes).
   */
  @AdditionalSignersField() additional_signers?: AdditionalSignerDto[];
  /** The firm's countersigner: the firm's block left for their signature. */
  @CountersignerField() countersigner?: CountersignerDto | null;
}
