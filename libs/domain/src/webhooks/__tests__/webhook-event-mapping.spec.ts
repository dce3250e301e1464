import { webhookEventTypeOf } from '../webhook-event-mapping';

describe('which history events are webhook events', () => {
  it('maps the agreement’s steps to their webhook events', () => {
    expect(webhookEventTypeOf({ type: 'sent' })).toBe('agreement.sent');
    expect(webhookEventTypeOf({ type: 'viewed', data: { channel: 'email' } })).toBe(
      'agreement.viewed',
    );
    expect(webhookEventTypeOf({ type: 'declined', data: { recipientId: 'signer-2' } })).toBe(
      'agreement.declined',
    );
    expect(webhookEventTypeOf({ type: 'signer_changed' })).toBe('agreement.handed_over');
    expect(webhookEventTypeOf({ type: 'void' })).toBe('agreement.voided');
    expect(webhookEventTypeOf({ type: 'expired' })).toBe('agreement.expired');
    expect(webhookEventTypeOf({ type: 'cancelled' })).toBe('agreement.cancelled');
  });

  it('counts a signature once: the seal-starting `signed` that names no recipient is none', () => {
    expect(webhookEventTypeOf({ type: 'signed', data: { recipientId: 'signer-1' } })).toBe(
      'agreement.recipient_signed',
    );
    expect(webhookEventTypeOf({ type: 'signed', data: null })).toBeNull();
    expect(webhookEventTypeOf({ type: 'signed_manually' })).toBe('agreement.recipient_signed');
  });

  it('tells of an invoice paid only when it becomes paid', () => {
    const change = (status: string, previousStatus: string) => ({
      type: 'invoice_status_changed',
      data: { invoiceType: 'deposit', status, previousStatus },
    });
    expect(webhookEventTypeOf(change('paid', 'not paid'))).toBe('invoice.paid');
    expect(webhookEventTypeOf(change('paid', 'paid'))).toBeNull();
    expect(webhookEventTypeOf(change('partially paid', 'not paid'))).toBeNull();
    expect(webhookEventTypeOf({ type: 'invoice_sent' })).toBe('invoice.sent');
  });

  it('leaves the history’s other events out', () => {
    for (const type of ['consent', 'signature_saved', 'reminder_sent', 'deleted', 'resent']) {
      expect(webhookEventTypeOf({ type })).toBeNull();
    }
  });
});
