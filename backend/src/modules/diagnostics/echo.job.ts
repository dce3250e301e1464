import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { DOCUMENT_CLEANUP_JOB } from '../document-cleanup';
import { INSIGHTS_DIGEST_JOB } from '../insights';

/** Job names of the `system` queue; the processor handles each exactly once. */
export const SystemJob = {
  Echo: 'echo',
  /** Deletes builder drafts left untouched and uploads nothing uses (scheduled by document-cleanup). */
  CleanUpDocumentDrafts: DOCUMENT_CLEANUP_JOB,
  /** Mails the Monday Insights digests when it is Monday morning (scheduled by insights). */
  SendInsightsDigests: INSIGHTS_DIGEST_JOB,
} as const;

export type SystemJobName = (typeof SystemJob)[keyof typeof SystemJob];

export const ECHO_MAX_DELAY_MS = 2000;

/** Payload of an `echo` job; validated again by the worker (a queue is an input too). */
export class EchoJobData {
  @IsString()
  @Length(1, 200)
  message: string;

  /** Lets tests and operators hold a job in flight (shutdown drills). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(ECHO_MAX_DELAY_MS)
  delayMs?: number;
}

export interface EchoJobResult {
  message: string;
  /** ISO 8601. */
  processedAt: string;
  processedBy: 'worker';
}
