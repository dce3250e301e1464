import type { AgreementOutboxSnapshot } from './agreement-webhook-outbox.port';
import { outboxEntryOfHistoryEvent, outboxEntryOfLifeStep } from './webhook-outbox';
import { webhookPayloadOf } from './webhook-payload';

const API = 'https://api.example.com/';
const at = new Date('2026-03-16T17:42:00Z');

function snapshotWith(
  type: string,
  data: Record<string, string | number | boolean> | null,
): AgreementOutboxSnapshot {
  return {
    id: '6650aa00bb11cc22dd33ee44',
    family: 'standard',
    sequence: 3,
    outbox: [],
    status: 'signed',
    history: [{ hash: 'h1', type, status: 'viewed', data }],
    recipients: [
      { id: 'signer-1', name: 'Maria Elena Alvarez', role: 'signer' },
      { id: 'signer-2', name: 'Luis Alvarez', role: 'signer' },
    ],
  };
}

describe('webhook payloads', () => {
  it('tell of a recipient by name and role, with the public api links', () => {
    const snapshot = snapshotWith('viewed', { channel: 'email', recipientId: 'signer-2' });
    const entry = outboxEntryOfHistoryEvent(snapshot.id, { type: 'viewed', hash: 'h1', at })!;
    expect(webhookPayloadOf(snapshot, entry, 3, API)).toEqual({
      id: entry.id,
      type: 'agreement.viewed',
      timestamp: '2026-03-16T17:42:00.000Z',
      data: {
        object: 'agreement',
        id: snapshot.id,
        sequence: 3,
        family: 'standard',
        status: 'viewed',
        summary: {
          channel: 'email',
          recipientId: 'signer-2',
          recipientName: 'Luis Alvarez',
          recipientRole: 'signer',
        },
        links: {
          agreement: `https://api.example.com/api/v1/agreements/${snapshot.id}`,
          pdf: `https://api.example.com/api/v1/agreements/${snapshot.id}/pdf`,
          certificate: `https://api.example.com/api/v1/agreements/${snapshot.id}/certificate`,
        },
      },
    });
  });

  it('carry only named facts: a token, a link, an address or a code in the event stays out', () => {
    const secrets = {
      token: 'tok_abcdefghijklmnopqrstuvwxyz012345',
      signingLink: 'https://sign.example.com/tok_abcdefghijklmnopqrstuvwxyz012345',
      toEmail: 'luis@example.com',
      code: '482913',
    };
    const snapshot = snapshotWith('handed_over', {
      recipientId: 'signer-2',
      fromName: 'Luis Alvarez',
      toName: 'Ana Alvarez',
      ...secrets,
    });
    const entry = outboxEntryOfHistoryEvent(snapshot.id, { type: 'handed_over', hash: 'h1', at })!;
    const payload = JSON.stringify(webhookPayloadOf(snapshot, entry, 1, API));
    expect(payload).toContain('Ana Alvarez');
    for (const secret of Object.values(secrets)) expect(payload).not.toContain(secret);
  });

  it('tell of an invoice as an invoice of its agreement, linking both', () => {
    const snapshot = snapshotWith('invoice_status_changed', {
      invoiceType: 'deposit',
      status: 'paid',
      previousStatus: 'not paid',
      paidAmount: 6250,
    });
    const entry = outboxEntryOfHistoryEvent(snapshot.id, {
      type: 'invoice_status_changed',
      data: { status: 'paid', previousStatus: 'not paid' },
      hash: 'h1',
      at,
    })!;
    const payload = webhookPayloadOf(snapshot, entry, 5, API);
    expect(payload.type).toBe('invoice.paid');
    expect(payload.data).toMatchObject({
      object: 'invoice',
      id: `${snapshot.id}.deposit`,
      sequence: 5,
      summary: { agreementId: snapshot.id, invoiceType: 'deposit', paidAmount: 6250 },
      links: {
        invoice: `https://api.example.com/api/v1/invoices/${snapshot.id}.deposit`,
        agreement: `https://api.example.com/api/v1/agreements/${snapshot.id}`,
      },
    });
  });

  it('give one event the same id however often it is written or relayed', () => {
    const first = outboxEntryOfLifeStep('a1', 'agreement.completed', at);
    const again = outboxEntryOfLifeStep('a1', 'agreement.completed', new Date());
    expect(again.id).toBe(first.id);
    expect(outboxEntryOfLifeStep('a2', 'agreement.completed', at).id).not.toBe(first.id);
    expect(first.id).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
  });
});
