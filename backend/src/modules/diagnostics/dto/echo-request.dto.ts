import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { ECHO_MAX_DELAY_MS } from '../echo.job';

export class EchoRequestDto {
  @IsString()
  @Length(1, 200)
  message: string;

  /** Optional processing delay, to observe a job in flight. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(ECHO_MAX_DELAY_MS)
  delayMs?: number;
}
