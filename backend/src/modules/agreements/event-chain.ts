import { type EventChainCheck } from '@prosign/domain';
import { createHash } from 'node:crypto';
import type { AgreementEvent } from './agreement.schema';

/** What a caller says happened; time, chain and hash are added by the repository. */
export interface EventInput {
  type: string;
  actor: string;
  ip?: string | null;
  userAgent?: string | null;
  data?: Record<string, string | number | boolean> | null;
  at?: Date;
  /** Only for imported history: the status the agreement had after it (else the repository's). */
  status?: string | null;
}

function canonicalData(data: AgreementEvent['data']): string {
  if (!data) return 'null';
  return JSON.stringify(
    Object.fromEntries(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1))),
  );
}

/**
 * SHA-256 over the previous event's hash and this event's fields in a fixed
 * order: changing, removing or reordering any stored event breaks every hash after it.
 */
function eventHash(event: Omit<AgreementEvent, 'hash'>): string {
  const at = new Date(event.at).toISOString();
  return createHash('sha256')
    .update(
      [
        event.prevHash ?? '',
        at,
        event.type,
        event.status ?? '',
        event.actor,
        event.ip ?? '',
        event.userAgent ?? '',
        canonicalData(event.data),
      ].join('\u001f'),
    )
    .digest('hex');
}

/** The stored event for `input`, appended after `prevHash`, the agreement then being in `status`. */
export function chainedEvent(
  input: EventInput,
  prevHash: string | null,
  status: string | null,
  now: Date,
): AgreementEvent {
  const event: Omit<AgreementEvent, 'hash'> = {
    at: input.at ?? now,
    type: input.type,
    status,
    actor: input.actor,
    ip: input.ip ?? null,
    userAgent: input.userAgent ? input.userAgent.slice(0, 400) : null,
    data: input.data ?? null,
    prevHash,
  };
  return { ...event, hash: eventHash(event) };
}

/** Whether every event links to the one before and its hash is its content's. */
export function checkEventChain(
  events: readonly AgreementEvent[],
  headHash: string | null,
): EventChainCheck {
  let prev: string | null = null;
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index];
    if ((event.prevHash ?? null) !== prev || eventHash(event) !== event.hash) {
      return { intact: false, events: events.length, brokenAt: index };
    }
    prev = event.hash;
  }
  // A deleted last event leaves the head pointing past the end.
  if ((headHash ?? null) !== prev) {
    return { intact: false, events: events.length, brokenAt: events.length };
  }
  return { intact: true, events: events.length, brokenAt: null };
}
