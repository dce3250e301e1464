import {
  type AgreementFamily,
  type CountersignDefaultRequest,
  type CountersignFinishRequest,
} from '@prosign/domain';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsMongoId,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CountersignerDto } from '../../documents';
import { IsAgreementFamily } from '../../../platform/validation/is-agreement-family';

/** `/api/countersign/{agreementId}/…` */
export class CountersignParams {
  @IsMongoId({ message: 'Unknown agreement.' }) agreementId: string;
}

/** `POST /api/countersign/{agreementId}/finish`: consent required, as on a client's page. */
export class CountersignFinishDto implements CountersignFinishRequest {
  @IsBoolean({ message: 'agreedToTerms is required' }) agreedToTerms: boolean;
  @IsOptional() @IsString() @MaxLength(10) initials?: string;
}

/** `PUT /api/countersign/defaults`: one family's proposed countersigner, or null for none. */
export class CountersignDefaultDto implements CountersignDefaultRequest {
  @IsAgreementFamily()
  family: AgreementFamily;

  @ValidateIf((body: CountersignDefaultDto) => body.countersigner !== null)
  @IsObject({ message: 'countersigner must name a staff member, or be null for none' })
  @ValidateNested()
  @Type(() => CountersignerDto)
  countersigner: CountersignerDto | null;
}
