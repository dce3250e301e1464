import type { GeneratePdfRequest } from '@prosign/domain';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** POST /api/template/generate-pdf (spec 2 §7): the id of the document, or its docLink. */
export class GeneratePdfDto implements GeneratePdfRequest {
  @IsString()
  @IsNotEmpty({ message: 'originalDocId is required' })
  @MaxLength(2000)
  originalDocId: string;
}
