import type { CountersignFinishRequest } from '@prosign/domain';
import { IsBoolean, IsMongoId, IsOptional, IsString, MaxLength } from 'class-validator';

/** `/api/countersign/{agreementId}/…` */
export class CountersignParams {
  @IsMongoId({ message: 'Unknown agreement.' }) agreementId: string;
}

/** `POST /api/countersign/{agreementId}/finish`: consent required, as on a client's page. */
export class CountersignFinishDto implements CountersignFinishRequest {
  @IsBoolean({ message: 'agreedToTerms is required' }) agreedToTerms: boolean;
  @IsOptional() @IsString() @MaxLength(10) initials?: string;
}
