import type { JobState } from 'bullmq';
import type { EchoJobResult } from '../echo.job';

export interface EchoAcceptedDto {
  jobId: string;
}

export interface EchoStatusDto {
  jobId: string;
  state: JobState | 'unknown';
  /** Present once the job has completed. */
  result?: EchoJobResult;
  /** Present when the job has failed (its last attempt's reason). */
  failedReason?: string;
}
