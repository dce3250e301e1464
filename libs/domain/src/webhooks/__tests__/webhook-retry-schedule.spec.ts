import {
  hasFailedForWholeWindow,
  nextWebhookRetryAt,
  nominalWebhookRetryDelay,
  WEBHOOK_RETRY_SCHEDULE,
} from '../webhook-retry-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('the webhook retry schedule', () => {
  it('doubles from 30 s up to 6 hours', () => {
    const waits = [1, 2, 3, 10, 11, 12, 30].map((n) =>
      nominalWebhookRetryDelay(WEBHOOK_RETRY_SCHEDULE, n),
    );
    expect(waits).toEqual([30_000, 60_000, 120_000, 256 * 60_000, 6 * HOUR, 6 * HOUR, 6 * HOUR]);
  });

  it('draws each wait within ±20 % of its nominal value', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    const at = (random: number) =>
      nextWebhookRetryAt(WEBHOOK_RETRY_SCHEDULE, first, 1, first, () => random)!.getTime() -
      first.getTime();
    expect(at(0)).toBe(24_000);
    expect(at(0.5)).toBe(30_000);
    expect(at(0.999999)).toBeCloseTo(36_000, -1);
  });

  it('tries for 3 days from the first try, then gives up', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    let now = first;
    let tries = 1;
    for (;;) {
      const next = nextWebhookRetryAt(WEBHOOK_RETRY_SCHEDULE, first, tries, now, () => 0.5);
      if (!next) break;
      now = next;
      tries += 1;
    }
    expect(now.getTime() - first.getTime()).toBeLessThanOrEqual(3 * DAY);
    expect(now.getTime() - first.getTime()).toBeGreaterThan(3 * DAY - 6 * HOUR);
    expect(tries).toBeGreaterThan(15);
    expect(tries).toBeLessThan(25);
  });

  it('says an endpoint failed for a whole window only after 3 days of failing', () => {
    const since = new Date('2026-01-01T00:00:00Z');
    const later = (ms: number) => new Date(since.getTime() + ms);
    expect(hasFailedForWholeWindow(WEBHOOK_RETRY_SCHEDULE, since, later(3 * DAY - 1))).toBe(false);
    expect(hasFailedForWholeWindow(WEBHOOK_RETRY_SCHEDULE, since, later(3 * DAY))).toBe(true);
    expect(hasFailedForWholeWindow(WEBHOOK_RETRY_SCHEDULE, null, later(9 * DAY))).toBe(false);
  });
});
