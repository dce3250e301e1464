import type { DefaultJobOptions } from 'bullmq';

const HOUR_SECONDS = 60 * 60;

/**
 * Defaults for every job: retried with exponential backoff (2 s, 4 s, 8 s, …)
 * because outside services fail transiently; finished jobs are kept for a while
 * so admins can see what ran and, above all, what failed.
 */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * HOUR_SECONDS, count: 1000 },
  removeOnFail: { age: 14 * 24 * HOUR_SECONDS, count: 10000 },
};
