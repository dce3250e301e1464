import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  RECIPIENT_ID_PATTERN,
  type SignatureCountersigner,
  type SignatureParties,
  type SignatureSigner,
} from '../../../integrations/documents';

/** The most signature blocks one agreement lays out (the footer holds one initials box each). */
export const MAX_DOCUMENT_SIGNERS = 10;

const RECIPIENT_ID_MESSAGE = 'recipientId must be letters, digits, "_" or "-" (at most 64).';

export class SignatureSignerDto implements SignatureSigner {
  @IsString()
  @Matches(RECIPIENT_ID_PATTERN, { message: RECIPIENT_ID_MESSAGE })
  recipientId: string;

  @IsString()
  @IsNotEmpty({ message: 'Each signer needs a name.' })
  @MaxLength(200)
  name: string;

  @IsOptional()
  @IsString()
  @MaxLength(60)
  label?: string;
}

export class SignatureCountersignerDto implements SignatureCountersigner {
  @IsString()
  @Matches(RECIPIENT_ID_PATTERN, { message: RECIPIENT_ID_MESSAGE })
  recipientId: string;

  @IsString()
  @IsNotEmpty({ message: 'The countersigner needs a name.' })
  @MaxLength(200)
  name: string;

  @IsOptional()
  @IsString()
  @MaxLength(120)
  title?: string;
}

/** Who signs the document: its signature blocks (issue 34). */
export class SignaturePartiesDto implements SignatureParties {
  @IsArray()
  @ArrayMinSize(1, { message: 'Add at least one signer.' })
  @ArrayMaxSize(MAX_DOCUMENT_SIGNERS)
  @ValidateNested({ each: true })
  @Type(() => SignatureSignerDto)
  signers: SignatureSignerDto[];

  @IsOptional()
  @ValidateNested()
  @Type(() => SignatureCountersignerDto)
  countersigner?: SignatureCountersignerDto;
}
