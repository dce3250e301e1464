import type { DocumentCreateRequest } from '@prosign/domain';
import { Type } from 'class-transformer';
import {
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** A template version a draft came from. */
class DocumentTemplateRefDto {
  @IsString() @IsNotEmpty() @MaxLength(100) id: string;
  @IsInt() @Min(1) version: number;
}

/** `POST /api/document/create-contract` */
export class DocumentCreateDto implements DocumentCreateRequest {
  @IsString()
  @Matches(/^[0-9a-f]{24}$/, { message: 'draftId must name a draft' })
  draftId: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => DocumentTemplateRefDto)
  template?: DocumentTemplateRefDto | null;
}
