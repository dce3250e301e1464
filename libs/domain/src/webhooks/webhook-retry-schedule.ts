/**
 * When a failed webhook delivery is tried again: the one place the retry schedule is stated.
 * The wait doubles from `firstDelayMs` up to `maxDelayMs`, each wait drawn at random within
 * ±`jitter` of it (so endpoints that failed together are not all retried in the same second),
 * for as long as the next try would start within `windowMs` of the first. After that the
 * delivery is failed and kept in the log; an endpoint whose every delivery failed for a whole
 * window is disabled.
 *
 * With the defaults: 30 s, 1 min, 2 min, 4 min, 8 min, 16 min, 32 min, 1 h 4 min, 2 h 8 min,
 * 4 h 16 min, then every 6 h until 3 days have passed since the first try (about 20 tries).
 */
export interface WebhookRetrySchedule {
  firstDelayMs: number;
  maxDelayMs: number;
  /** 0.2: each wait is drawn between 80 % and 120 % of its nominal value. */
  jitter: number;
  /** Tries start within this long of the first one; 3 days. */
  windowMs: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const WEBHOOK_RETRY_SCHEDULE: WebhookRetrySchedule = {
  firstDelayMs: 30_000,
  maxDelayMs: 6 * HOUR_MS,
  jitter: 0.2,
  windowMs: 3 * 24 * HOUR_MS,
};

/** The nominal wait after the `failedTries`-th failed try (1 = after the first), before jitter. */
export function nominalWebhookRetryDelay(
  schedule: WebhookRetrySchedule,
  failedTries: number,
): number {
  const exponent = Math.min(Math.max(failedTries - 1, 0), 40);
  return Math.min(schedule.firstDelayMs * 2 ** exponent, schedule.maxDelayMs);
}

/**
 * When to try again after the `failedTries`-th failed try at `now`, for a delivery first tried
 * at `firstTryAt`; null when that would start past the window (the delivery has failed).
 * `random` returns a number in [0, 1): injectable so a test knows the jitter.
 */
export function nextWebhookRetryAt(
  schedule: WebhookRetrySchedule,
  firstTryAt: Date,
  failedTries: number,
  now: Date,
  random: () => number = Math.random,
): Date | null {
  const nominal = nominalWebhookRetryDelay(schedule, failedTries);
  const spread = 1 + schedule.jitter * (2 * random() - 1);
  const at = new Date(now.getTime() + Math.max(1, Math.round(nominal * spread)));
  return at.getTime() - firstTryAt.getTime() > schedule.windowMs ? null : at;
}

/** Whether an endpoint failing since `failingSince` has failed for a whole window at `now`. */
export function hasFailedForWholeWindow(
  schedule: Pick<WebhookRetrySchedule, 'windowMs'>,
  failingSince: Date | null,
  now: Date,
): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= schedule.windowMs;
}
