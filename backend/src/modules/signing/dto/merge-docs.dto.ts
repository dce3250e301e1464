import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** POST /api/template/merge-docs (spec 1 §7): the agreement and its audit trail, by docLink. */
export class MergeDocsDto {
  @IsString()
  @IsNotEmpty({ message: 'doc1 is required' })
  @MaxLength(2000)
  doc1: string;

  @IsString()
  @IsNotEmpty({ message: 'doc2 is required' })
  @MaxLength(2000)
  doc2: string;

  /** The signing-link token of the contract the final PDF belongs to. */
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;
}

export interface MergeDocsResponse {
  combinedDocLink: string;
}
