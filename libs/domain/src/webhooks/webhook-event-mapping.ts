import type { WebhookEventType } from './webhook-events';

/**
 * Which webhook event an event of an agreement's history is, if any. Views, consents, saved
 * signatures, reminders and the like stay in the history only; a signature, the seal, a
 * decline… become webhook events. An invoice's status change is one only when it becomes paid.
 */
export interface HistoryEventFacts {
  type: string;
  data?: Record<string, string | number | boolean> | null;
}

const AGREEMENT_EVENTS: Readonly<Record<string, WebhookEventType>> = {
  sent: 'agreement.sent',
  viewed: 'agreement.viewed',
  signed: 'agreement.recipient_signed',
  signed_manually: 'agreement.recipient_signed',
  completed: 'agreement.completed',
  declined: 'agreement.declined',
  handed_over: 'agreement.handed_over',
  signer_changed: 'agreement.handed_over',
  void: 'agreement.voided',
  expired: 'agreement.expired',
  cancelled: 'agreement.cancelled',
  invoice_sent: 'invoice.sent',
};

export function webhookEventTypeOf(event: HistoryEventFacts): WebhookEventType | null {
  // With several signers the last one's signature is its own event; the `signed` after it,
  // naming no recipient, only starts the seal (whose end is `agreement.completed`).
  if (event.type === 'signed' && !event.data?.recipientId) return null;
  if (event.type === 'invoice_status_changed') {
    const becamePaid = event.data?.status === 'paid' && event.data?.previousStatus !== 'paid';
    return becamePaid ? 'invoice.paid' : null;
  }
  return AGREEMENT_EVENTS[event.type] ?? null;
}

/** Whether the webhook event is about an invoice of the agreement rather than the agreement. */
export function isInvoiceWebhookEvent(type: WebhookEventType): boolean {
  return type.startsWith('invoice.');
}
