import {
  formatInvoiceNumber,
  invoiceAmount,
  invoiceDueDate,
  invoicePdfPath,
  invoiceSendLabel,
  isInvoiceable,
  isInvoiceStatus,
  isInvoiceType,
  INVOICE_MESSAGES,
  paidAmountProblem,
  paidSoFar,
  parseInvoiceNumber,
  sendInvoicePath,
} from '../invoice-rules';
import { invoiceDetailsOf } from '../invoice-view';

describe('invoice types and statuses (spec 3 §4, §9)', () => {
  it('knows deposit, progress and balance, and the three payment statuses', () => {
    expect(['deposit', 'progress', 'balance'].every(isInvoiceType)).toBe(true);
    expect(isInvoiceType('final')).toBe(false);
    expect(isInvoiceType(undefined)).toBe(false);
    expect(['not paid', 'partially paid', 'paid'].every(isInvoiceStatus)).toBe(true);
    expect(isInvoiceStatus('unpaid')).toBe(false);
  });
});

describe('invoiceAmount', () => {
  const contract = { cost: 12500, deposit: 2500, progress: 4000, balance: 6000 };

  it('bills the contract deposit, progress and stored balance', () => {
    expect(invoiceAmount('deposit', contract)).toBe(2500);
    expect(invoiceAmount('progress', contract)).toBe(4000);
    expect(invoiceAmount('balance', contract)).toBe(6000);
  });

  it('works the balance out when none is stored, never below 0, to the cent', () => {
    expect(invoiceAmount('balance', { cost: 1000.3, deposit: 500.1, progress: 100.1 })).toBe(400.1);
    expect(invoiceAmount('balance', { cost: 100, deposit: 80, progress: 40, balance: null })).toBe(
      0,
    );
    expect(invoiceAmount('progress', { cost: 100, deposit: 10 })).toBe(0);
    expect(invoiceAmount('deposit', { cost: 100, deposit: -5 })).toBe(0);
    expect(invoiceAmount('deposit', { cost: 100, deposit: NaN })).toBe(0);
  });

  it('has nothing to invoice for an amount of 0', () => {
    expect(isInvoiceable('progress', { cost: 100, deposit: 10, progress: 0 })).toBe(false);
    expect(isInvoiceable('deposit', { cost: 100, deposit: 10 })).toBe(true);
  });
});

describe('payments', () => {
  it('paid so far: 0 when not paid, everything when paid, the recorded part when partially paid', () => {
    expect(paidSoFar('not paid', 2500, 700)).toBe(0);
    expect(paidSoFar('paid', 2500)).toBe(2500);
    expect(paidSoFar('partially paid', 2500, 700.456)).toBe(700.46);
  });

  it('a partial payment is more than 0 and less than the amount', () => {
    expect(paidAmountProblem(2500, 1000)).toBeNull();
    expect(paidAmountProblem(2500, undefined)).toMatch(/Enter the amount paid/);
    expect(paidAmountProblem(2500, 0)).toMatch(/more than \$0.00/);
    expect(paidAmountProblem(2500, 2500)).toMatch(/less than the invoice's \$2,500.00/);
  });
});

describe('invoice numbers', () => {
  it('reads INV- and six digits, wider when the sequence grows', () => {
    expect(formatInvoiceNumber(42)).toBe('INV-000042');
    expect(formatInvoiceNumber(1234567)).toBe('INV-1234567');
    expect(() => formatInvoiceNumber(0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(1.5)).toThrow(RangeError);
  });

  it('parses back only well-formed numbers', () => {
    expect(parseInvoiceNumber('INV-000042')).toBe(42);
    expect(parseInvoiceNumber(formatInvoiceNumber(1234567))).toBe(1234567);
    expect(parseInvoiceNumber('INV-42')).toBeNull();
    expect(parseInvoiceNumber('INV-000000')).toBeNull();
  });

  it('is due the configured days after issue', () => {
    expect(invoiceDueDate('2026-03-01T12:00:00.000Z', 15).toISOString()).toBe(
      '2026-03-16T12:00:00.000Z',
    );
  });
});

describe('the screen', () => {
  it('Send first, Reminder once sent, nothing when paid', () => {
    expect(invoiceSendLabel({ status: 'not paid', sentAt: null })).toBe('Send');
    expect(invoiceSendLabel({ status: 'partially paid', sentAt: '2026-01-01' })).toBe('Reminder');
    expect(invoiceSendLabel({ status: 'paid', sentAt: null })).toBeNull();
  });

  it('words the messages of spec 3 §8', () => {
    expect(INVOICE_MESSAGES.fetchError).toBe('Error fetching invoices.');
    expect(INVOICE_MESSAGES.fetchFailed).toBe('An error occurred while fetching invoices.');
    expect(INVOICE_MESSAGES.updateFailed).toBe('Failed to update status.');
    expect(INVOICE_MESSAGES.sendFailed('deposit')).toBe('Failed to send deposit invoice.');
    expect(INVOICE_MESSAGES.downloadFailed('balance')).toBe(
      'Failed to download balance invoice PDF.',
    );
    expect(INVOICE_MESSAGES.empty).toBe('No signed contracts found.');
  });

  it('names the calls of spec 3 §7', () => {
    expect(sendInvoicePath('progress')).toBe('/api/template/send-progress-invoice');
    expect(invoicePdfPath('deposit', 'a/b')).toBe('/api/template/download-deposit-pdf/a%2Fb');
  });
});

describe('invoiceDetailsOf', () => {
  it('shows each type from the stored record, untouched types not paid and never sent', () => {
    const details = invoiceDetailsOf({
      _id: 'abc',
      token: 'tok',
      amounts: { cost: 10000, deposit: 2000, progress: 0, balance: 8000 },
      invoices: {
        deposit: {
          number: 7,
          status: 'partially paid',
          paidAmount: 500,
          sentAt: new Date('2026-02-01T10:00:00Z'),
          lastSentAt: new Date('2026-02-03T10:00:00Z'),
          sendCount: 2,
          reminderCount: 1,
        },
      },
    });
    expect(details._id).toBe('abc');
    expect(details.deposit).toEqual({
      type: 'deposit',
      amount: 2000,
      status: 'partially paid',
      paidAmount: 500,
      invoiceNumber: 'INV-000007',
      sentAt: '2026-02-01T10:00:00.000Z',
      lastSentAt: '2026-02-03T10:00:00.000Z',
      sendCount: 2,
      reminderCount: 1,
      link: '/api/template/download-deposit-pdf/tok',
    });
    expect(details.progress).toMatchObject({
      amount: 0,
      status: 'not paid',
      paidAmount: 0,
      invoiceNumber: null,
      sentAt: null,
      sendCount: 0,
    });
    expect(details.balance.amount).toBe(8000);
  });
});
