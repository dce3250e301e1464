import type { AgreementFamily } from '@prosign/domain';
import type { WebhookOutboxEntry } from './webhook-outbox';

/**
 * What the relay reads of an agreement to relay its outbox: the entries, the counter that
 * numbers them, and the facts their payloads are made of. Never a token or a link: the
 * agreements module reads only these fields (AgreementWebhookOutboxRepository).
 */
export interface AgreementOutboxSnapshot {
  id: string;
  family: AgreementFamily;
  /** How many webhook events the agreement ever had (the last entry's sequence number). */
  sequence: number;
  outbox: WebhookOutboxEntry[];
  /** The history events the entries name (by hash), with what the payload may tell of them. */
  history: Array<{
    hash: string;
    type: string;
    status: string | null;
    data: Record<string, string | number | boolean> | null;
  }>;
  /** Its status now (for entries without a history event). */
  status: string | null;
  recipients: Array<{ id: string; name: string; role: string }>;
}

/**
 * The agreement's outbox, for the webhooks module. A port because the agreements module owns
 * the `agreements` collection and writes the outbox with its changes, and sits above this
 * module (it imports the outbox entries from here): agreements implements it and provides it
 * under AGREEMENT_WEBHOOK_OUTBOX from a global module (agreement-webhook-outbox.module.ts).
 */
export interface AgreementWebhookOutbox {
  /** The agreement's outbox and the facts of its entries; null when there is no such agreement. */
  snapshotOf(agreementId: string): Promise<AgreementOutboxSnapshot | null>;
  /** Ids of agreements with an outbox left, at most `limit`. */
  withOutbox(limit: number): Promise<string[]>;
  /** Takes a relayed entry off (by value); nothing when it is already off. */
  removeRelayed(agreementId: string, entry: WebhookOutboxEntry): Promise<void>;
}

export const AGREEMENT_WEBHOOK_OUTBOX = Symbol('AgreementWebhookOutbox');
