import type { BackoffOptions, DefaultJobOptions, MinimalJob } from 'bullmq';

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

/** The backoff type of jobs retried over hours: doubling from `delay`, never more than the cap. */
export const CAPPED_EXPONENTIAL = 'capped-exponential';

/** The longest wait between two tries of a capped-exponential job. */
export const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * The worker's backoff strategy for CAPPED_EXPONENTIAL jobs: `delay × 2^(n-1)`,
 * capped at MAX_BACKOFF_MS (or at `delay` when that is longer). With a 30 s
 * first delay and 12 tries, a mail is tried for about six hours. Other
 * types never reach it: BullMQ calls a strategy only for types it does not know.
 */
export function cappedExponentialBackoff(
  attemptsMade: number,
  type?: string,
  _error?: Error,
  job?: MinimalJob,
): number {
  if (type !== CAPPED_EXPONENTIAL) throw new Error(`unknown backoff type ${String(type)}`);
  const backoff = job?.opts.backoff as BackoffOptions | number | undefined;
  const base = Math.max(1, (typeof backoff === 'number' ? backoff : backoff?.delay) ?? 1000);
  return cappedDelay(base, attemptsMade);
}

/** The wait before retry number `attemptsMade` (1 = the first retry). */
export function cappedDelay(base: number, attemptsMade: number): number {
  const exponent = Math.min(Math.max(attemptsMade - 1, 0), 40);
  return Math.min(base * 2 ** exponent, Math.max(MAX_BACKOFF_MS, base));
}
