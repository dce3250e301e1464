import type { BackoffOptions, JobsOptions } from 'bullmq';
import { jobIdFor } from './job-id';

/** What identifies a recorded side effect's job: the record and how often it was re-queued. */
export type RecordedJobKey = { _id: string; requeues: number };

/** A recorded side effect's job id: one job per record and re-queue, so adding it again is a no-op. */
export function recordedJobIdOf(jobName: string, record: RecordedJobKey): string {
  return jobIdFor(jobName, record._id, record.requeues);
}

/**
 * Queues the job that carries out a recorded side effect (a mail delivery, a
 * CRM move): idempotent by its id (recordedJobIdOf), tried `attempts` times
 * with `backoff`. The record's store decides nothing here; its service says
 * which job, which data and how it retries.
 */
export async function enqueueRecordedJob<TData>(
  queue: { add(name: string, data: TData, opts: JobsOptions): Promise<unknown> },
  jobName: string,
  record: RecordedJobKey,
  data: TData,
  retry: { attempts: number; backoff: BackoffOptions },
): Promise<void> {
  await queue.add(jobName, data, { jobId: recordedJobIdOf(jobName, record), ...retry });
}
