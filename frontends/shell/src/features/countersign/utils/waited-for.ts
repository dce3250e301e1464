const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * How long an agreement has waited for the countersignature, as a person says it:
 * "Waiting for 5 minutes", "… 3 hours", "… 2 days"; "Waiting since just now" under a
 * minute; null when the invitation time is unknown.
 */
export function waitedFor(invitedAt: string | null, now: number = Date.now()): string | null {
  if (!invitedAt) return null;
  const since = Date.parse(invitedAt);
  if (Number.isNaN(since)) return null;
  const elapsed = Math.max(0, now - since);
  if (elapsed < MINUTE) return 'Waiting since just now';
  if (elapsed < HOUR) return `Waiting for ${count(Math.floor(elapsed / MINUTE), 'minute')}`;
  if (elapsed < DAY) return `Waiting for ${count(Math.floor(elapsed / HOUR), 'hour')}`;
  return `Waiting for ${count(Math.floor(elapsed / DAY), 'day')}`;
}
