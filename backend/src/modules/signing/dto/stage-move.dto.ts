import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** PATCH /api/hubspot/update-deal-stage-to-signed/:dealId (spec 1 §7): staff or the signer. */
export class StageMoveDto {
  @IsOptional()
  @IsString()
  @Matches(/^https?:\/\/\S+$/, { message: 'contractLink must be an http(s) link' })
  @MaxLength(2000)
  contractLink?: string;

  /** A signer's signing-link token (signers move their own contract's deal, spec 1 §7). */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  token?: string;
}
