import type { Queue } from 'bullmq';

/** A record of a side effect (a mail, a CRM move) whose job does the work. */
export interface SweptRecord {
  _id: string;
  requeues: number;
  attempts: number;
}

export interface SweepResult {
  /** Records looked at (still pending, untouched for a sweep period). */
  checked: number;
  /** Jobs added again (lost by Redis, or ended without recording an outcome). */
  requeued: number;
  /** Records whose job ended after its last try without recording it: now failed. */
  failed: number;
}

/** The store of the records a sweep reads and re-queues (JobRecordRepository). */
export interface SweptRecords<T extends SweptRecord> {
  /** The records left in a pending status, untouched since before `olderThan`. */
  stale(pending: readonly string[], olderThan: Date, limit: number): Promise<T[]>;
  /** One more re-queue, if nobody re-queued the record since it was read. */
  bumpRequeues(record: T): Promise<T | null>;
}

export interface LostJobSweep<T extends SweptRecord> {
  records: SweptRecords<T>;
  queue: Queue;
  /** The statuses of a record whose job should still be alive. */
  pending: readonly string[];
  olderThan: Date;
  maxAttempts: number;
  jobIdOf(record: Pick<T, '_id' | 'requeues'>): string;
  enqueue(record: Pick<T, '_id' | 'requeues'>): Promise<void>;
  markFailed(record: T, reason: string): Promise<void>;
  limit?: number;
}

/**
 * Finds records left pending whose job is gone (Redis lost it) or ended without
 * recording the outcome (stalled out, killed between two writes), and queues
 * them again. Adding a job is idempotent by its id (record id and re-queue
 * count) and a re-queue is conditional on the count read, so two sweeps at once
 * (or a sweep beside a live job) never double the work.
 */
export async function sweepLostJobs<T extends SweptRecord>(
  sweep: LostJobSweep<T>,
): Promise<SweepResult> {
  const stale = await sweep.records.stale(sweep.pending, sweep.olderThan, sweep.limit ?? 500);
  const result: SweepResult = { checked: stale.length, requeued: 0, failed: 0 };
  for (const record of stale) {
    const job = await sweep.queue.getJob(sweep.jobIdOf(record));
    if (!job) {
      await sweep.enqueue(record);
      result.requeued += 1;
      continue;
    }
    const state = await job.getState();
    if (state !== 'failed' && state !== 'completed') continue;
    if (record.attempts >= sweep.maxAttempts) {
      await sweep.markFailed(record, job.failedReason || 'the job ended without an outcome');
      result.failed += 1;
      continue;
    }
    const again = await sweep.records.bumpRequeues(record);
    if (again) {
      await sweep.enqueue(again);
      result.requeued += 1;
    }
  }
  return result;
}
