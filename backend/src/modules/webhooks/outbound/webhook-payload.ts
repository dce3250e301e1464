import { randomBytes } from 'node:crypto';
import {
  isInvoiceType,
  isInvoiceWebhookEvent,
  PUBLIC_API_BASE_PATH,
  publicInvoiceId,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookPayload,
  type WebhookTestPayload,
} from '@prosign/domain';
import type { AgreementOutboxSnapshot } from './agreement-webhook-outbox.port';
import type { WebhookOutboxEntry } from './webhook-outbox';

type Summary = WebhookPayload['data']['summary'];
type HistoryData = AgreementOutboxSnapshot['history'][number]['data'];

/**
 * The facts of a history event a receiver may read, by name. A list, not the event's data
 * minus some keys: a field added to an event later stays out of webhooks until it is added
 * here, so no token, link or e-mail code can slip into a payload.
 */
const TOLD_FACTS = [
  'channel',
  'reason',
  'fromName',
  'toName',
  'invoiceType',
  'invoiceNumber',
  'amount',
  'paidAmount',
  'status',
  'previousStatus',
] as const;

/** History events about one recipient: their payload names the recipient. */
const RECIPIENT_EVENTS = new Set([
  'viewed',
  'signed',
  'signed_manually',
  'declined',
  'handed_over',
  'signer_changed',
]);

function toldFacts(data: HistoryData): Summary {
  const summary: Summary = {};
  for (const key of TOLD_FACTS) {
    const value = data?.[key];
    if (value !== undefined) summary[key] = value;
  }
  return summary;
}

/** The recipient an event names (its `recipientId`, else the first signer), by name and role. */
function recipientFacts(snapshot: AgreementOutboxSnapshot, data: HistoryData): Summary {
  const id = typeof data?.recipientId === 'string' ? data.recipientId : null;
  const recipient = id
    ? snapshot.recipients.find((r) => r.id === id)
    : snapshot.recipients.find((r) => r.role === 'signer');
  if (!recipient) return id ? { recipientId: id } : {};
  return {
    recipientId: recipient.id,
    recipientName: recipient.name,
    recipientRole: recipient.role,
  };
}

/** The public api's root: `https://api.example.com/api/v1`. */
function apiRoot(apiBaseUrl: string): string {
  return `${apiBaseUrl.replace(/\/+$/, '')}${PUBLIC_API_BASE_PATH}`;
}

/** The public api addresses of an agreement and its files. */
function agreementLinks(apiBaseUrl: string, agreementId: string): Record<string, string> {
  const agreement = `${apiRoot(apiBaseUrl)}/agreements/${encodeURIComponent(agreementId)}`;
  return { agreement, pdf: `${agreement}/pdf`, certificate: `${agreement}/certificate` };
}

/**
 * The payload of one outbox entry: the event's id, type and time, its number among the
 * agreement's webhook events, and a summary of token-free facts with public api links.
 */
export function webhookPayloadOf(
  snapshot: AgreementOutboxSnapshot,
  entry: WebhookOutboxEntry,
  sequence: number,
  apiBaseUrl: string,
): WebhookPayload {
  const history = entry.historyHash
    ? snapshot.history.find((event) => event.hash === entry.historyHash)
    : undefined;
  const data = history?.data ?? null;
  const links = agreementLinks(apiBaseUrl, snapshot.id);
  const status = (history ? history.status : snapshot.status) ?? undefined;
  if (isInvoiceWebhookEvent(entry.type)) {
    const invoiceType = data?.invoiceType;
    const invoiceId = isInvoiceType(invoiceType)
      ? publicInvoiceId(snapshot.id, invoiceType)
      : `${snapshot.id}.invoice`;
    return {
      id: entry.id,
      type: entry.type,
      timestamp: new Date(entry.at).toISOString(),
      data: {
        object: 'invoice',
        id: invoiceId,
        sequence,
        family: snapshot.family,
        summary: { agreementId: snapshot.id, ...toldFacts(data) },
        links: {
          ...(isInvoiceType(invoiceType)
            ? { invoice: `${apiRoot(apiBaseUrl)}/invoices/${encodeURIComponent(invoiceId)}` }
            : {}),
          agreement: links.agreement,
        },
      },
    };
  }
  const namesRecipient = history !== undefined && RECIPIENT_EVENTS.has(history.type);
  return {
    id: entry.id,
    type: entry.type,
    timestamp: new Date(entry.at).toISOString(),
    data: {
      object: 'agreement',
      id: snapshot.id,
      sequence,
      family: snapshot.family,
      ...(status ? { status } : {}),
      summary: {
        ...(namesRecipient ? recipientFacts(snapshot, data) : {}),
        ...toldFacts(data),
      },
      links,
    },
  };
}

/**
 * The payload of an admin's test event to one endpoint: a fresh id each time, `test: true`,
 * and no agreement, so a receiver can tell it from a real event and drop it.
 */
export function webhookTestPayloadOf(endpointId: string, at: Date): WebhookTestPayload {
  return {
    id: `msg_test_${randomBytes(16).toString('base64url')}`,
    type: WEBHOOK_TEST_EVENT_TYPE,
    timestamp: at.toISOString(),
    test: true,
    data: {
      object: 'test',
      endpointId,
      message:
        'A test event sent from ProSign by an administrator to check this endpoint: no agreement changed.',
    },
  };
}
