import { Type } from 'class-transformer';
import {
  IsDefined,
  IsNotEmpty,
  IsObject,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ContractFormDataDto } from './contract-form-data.dto';

/** POST /api/template/create-contract (spec 2 §7). */
export class CreateContractDto {
  /** Link of the template document to copy (`…/d/{templateId}/edit`). */
  @IsString()
  @IsNotEmpty({ message: 'docLink is required' })
  @MaxLength(2000)
  docLink: string;

  @IsDefined({ message: 'formData is required' })
  @IsObject({ message: 'formData must be an object' })
  @ValidateNested()
  @Type(() => ContractFormDataDto)
  formData: ContractFormDataDto;
}

export interface CreateContractResponse {
  docLink: string;
}
