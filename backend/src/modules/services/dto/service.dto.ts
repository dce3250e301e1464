import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsMongoId,
  IsNotEmpty,
  IsNumberString,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import {
  SERVICE_MESSAGES,
  SERVICE_TEXT_MAX_LENGTHS,
  serviceTextTooLongMessage,
  type ReorderServicesRequest,
  type ServiceTextField,
  type ServiceInput,
  type ServiceUpdateInput,
  type VerifyPasswordRequest,
} from '@prosign/domain';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;
/** The longest text of a service field, with the domain's message. */
const maxText = (field: ServiceTextField) =>
  MaxLength(SERVICE_TEXT_MAX_LENGTHS[field], { message: serviceTextTooLongMessage(field) });

/** The clause texts and flags a service form sends (spec 1 §3, §7). */
class ServiceFieldsDto implements ServiceInput {
  @IsOptional()
  @IsString()
  @maxText('start')
  start?: string;
  @IsOptional()
  @IsString()
  @maxText('projectDescription')
  projectDescription?: string;
  @IsOptional()
  @IsString()
  @maxText('engineerBasicService')
  engineerBasicService?: string;
  @IsOptional()
  @IsString()
  @maxText('engineerAdditionalService')
  engineerAdditionalService?: string;
  @IsOptional()
  @IsString()
  @maxText('engineerFee')
  engineerFee?: string;
  @IsOptional()
  @IsString()
  @maxText('licensingAndInsurance')
  licensingAndInsurance?: string;
  @IsOptional()
  @IsString()
  @maxText('termsAndConditions')
  termsAndConditions?: string;

  @IsOptional()
  @IsBoolean({ message: 'changeBasicServices must be true or false.' })
  changeBasicServices?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'defaultTnC must be true or false.' })
  defaultTnC?: boolean;

  /** Sent by the spec's client; the acting user comes from the session. */
  @IsOptional() @IsString() @MaxLength(320) performedBy?: string;
}

export class CreateServiceDto extends ServiceFieldsDto implements ServiceInput {
  @Transform(trim)
  @IsString({ message: SERVICE_MESSAGES.nameRequired })
  @IsNotEmpty({ message: SERVICE_MESSAGES.nameRequired })
  @maxText('serviceName')
  serviceName: string;

  @Transform(trim)
  @IsString({ message: SERVICE_MESSAGES.agreementTitleRequired })
  @IsNotEmpty({ message: SERVICE_MESSAGES.agreementTitleRequired })
  @maxText('agreementTitle')
  agreementTitle: string;

  /** Ignored: a new service goes to the end of the list. */
  @IsOptional() @IsNumberString({}, { message: 'position must be a number.' }) position?: string;
}

export class UpdateServiceDto extends ServiceFieldsDto implements ServiceUpdateInput {
  @IsOptional()
  @Transform(trim)
  @IsString({ message: SERVICE_MESSAGES.nameRequired })
  @IsNotEmpty({ message: SERVICE_MESSAGES.nameRequired })
  @maxText('serviceName')
  serviceName?: string;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: SERVICE_MESSAGES.agreementTitleRequired })
  @IsNotEmpty({ message: SERVICE_MESSAGES.agreementTitleRequired })
  @maxText('agreementTitle')
  agreementTitle?: string;

  /** The spec's client reorders by sending a position alone (spec 1 §7). */
  @IsOptional()
  @IsNumberString({ no_symbols: true }, { message: 'position must be a whole number.' })
  position?: string;
}

export class ServiceIdParam {
  @IsMongoId({ message: 'Service id must be a valid id.' })
  id: string;
}

export class ReorderServicesDto implements ReorderServicesRequest {
  @IsArray({ message: 'ids must list every service id in the new order.' })
  @ArrayMinSize(1, { message: 'ids must list every service id in the new order.' })
  @ArrayMaxSize(1000)
  @ArrayUnique({ message: 'ids must not list a service twice.' })
  @IsMongoId({ each: true, message: 'Every id must be a valid service id.' })
  ids: string[];
}

export class VerifyPasswordDto implements VerifyPasswordRequest {
  @IsString({ message: 'Password is required.' })
  @IsNotEmpty({ message: 'Password is required.' })
  @MaxLength(200)
  password: string;
}

export class SetDeletePasswordDto {
  @IsString({ message: 'The new password must be at least 8 characters.' })
  @MinLength(8, { message: 'The new password must be at least 8 characters.' })
  @MaxLength(200, { message: 'The new password must be at most 200 characters.' })
  password: string;
}
