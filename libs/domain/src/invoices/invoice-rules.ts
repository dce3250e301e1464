/**
 * Invoices of signed contracts (spec 3 §2 "Invoice screen", §3, §4, §8, §9):
 * the three invoice types, their payment statuses, the amount each type bills
 * from the contract, the invoice number, and every message the screen shows.
 * Backend (calls, PDF, mail) and the invoices remote both use these.
 */
import { balanceOf, roundCents } from '../agreements/agreement-rules';
import { formatUsd } from '../money/money';

// ── Types and statuses (spec 3 §4, §9) ──

export const INVOICE_TYPES = ['deposit', 'progress', 'balance'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const INVOICE_TYPE_LABELS: Readonly<Record<InvoiceType, string>> = {
  deposit: 'Deposit',
  progress: 'Progress',
  balance: 'Balance',
};

export function isInvoiceType(value: unknown): value is InvoiceType {
  return typeof value === 'string' && (INVOICE_TYPES as readonly string[]).includes(value);
}

export const INVOICE_STATUSES = ['not paid', 'partially paid', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  'not paid': 'Not paid',
  'partially paid': 'Partially paid',
  paid: 'Paid',
};

export function isInvoiceStatus(value: unknown): value is InvoiceStatus {
  return typeof value === 'string' && (INVOICE_STATUSES as readonly string[]).includes(value);
}

/** Days after the issue date an invoice is due, unless configured otherwise (INVOICE_DUE_DAYS). */
export const DEFAULT_INVOICE_DUE_DAYS = 15;

// ── Amounts ──

/** The contract's money fields an invoice bills from (spec 2 §3: cost, deposit, progress, balance). */
export interface InvoicedAmounts {
  cost: number;
  deposit: number;
  progress?: number | null;
  balance?: number | null;
}

/**
 * What an invoice of `type` bills: the contract's deposit, its progress
 * payment, or its balance (the stored balance, else cost − deposit − progress),
 * in whole cents and never below 0.
 */
export function invoiceAmount(type: InvoiceType, contract: InvoicedAmounts): number {
  const deposit = finite(contract.deposit);
  const progress = finite(contract.progress);
  switch (type) {
    case 'deposit':
      return nonNegative(deposit);
    case 'progress':
      return nonNegative(progress);
    case 'balance':
      return contract.balance == null || !Number.isFinite(contract.balance)
        ? balanceOf({ cost: finite(contract.cost), deposit, progress })
        : nonNegative(contract.balance);
  }
}

/** Whether there is anything to bill: a type whose amount is 0 is never sent. */
export function isInvoiceable(type: InvoiceType, contract: InvoicedAmounts): boolean {
  return invoiceAmount(type, contract) > 0;
}

/**
 * What was paid so far for a status: nothing when not paid, all of it when
 * paid, and for partially paid the amount recorded (checked by `paidAmountProblem`).
 */
export function paidSoFar(status: InvoiceStatus, amount: number, partial?: number | null): number {
  if (status === 'paid') return roundCents(amount);
  if (status === 'not paid') return 0;
  return roundCents(finite(partial));
}

/**
 * Why a partial payment cannot be recorded, or null: it must be more than 0
 * and less than the invoice's amount (all of it is "paid").
 */
export function paidAmountProblem(amount: number, paid: number | null | undefined): string | null {
  if (paid == null || !Number.isFinite(paid)) {
    return 'Enter the amount paid so far for a partially paid invoice.';
  }
  if (paid <= 0) return 'The amount paid so far must be more than $0.00.';
  if (roundCents(paid) >= roundCents(amount)) {
    return `The amount paid so far must be less than the invoice's ${formatUsd(amount)}; mark it paid instead.`;
  }
  return null;
}

// ── Numbers ──

/** Prefix of every invoice number of the firm. */
const INVOICE_NUMBER_PREFIX = 'INV';

/**
 * "INV-000042": the firm's invoice sequence number, zero-padded to six digits
 * (wider numbers keep all their digits). Numbers come from one counter, are
 * given once per contract and type, and are never reused.
 */
export function formatInvoiceNumber(sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) {
    throw new RangeError(`invoice sequence must be a whole number from 1, got ${sequence}`);
  }
  return `${INVOICE_NUMBER_PREFIX}-${String(sequence).padStart(6, '0')}`;
}

/** The sequence number of "INV-000042", or null for anything else. */
export function parseInvoiceNumber(text: string): number | null {
  const match = /^INV-(\d{6,})$/.exec(text.trim());
  if (!match) return null;
  const sequence = Number(match[1]);
  return Number.isSafeInteger(sequence) && sequence >= 1 ? sequence : null;
}

/** The due date: `days` after the issue date. */
export function invoiceDueDate(issuedAt: Date | string, days: number): Date {
  return new Date(new Date(issuedAt).getTime() + days * 24 * 60 * 60 * 1000);
}

/** The file name of an invoice PDF: "INV-000042-deposit-invoice.pdf". */
export function invoiceFileName(number: string, type: InvoiceType): string {
  return `${number}-${type}-invoice.pdf`;
}

// ── Calls (spec 3 §7) ──

/** `POST /api/template/send-{type}-invoice` */
export function sendInvoicePath(type: InvoiceType): string {
  return `/api/template/send-${type}-invoice`;
}

/** `GET /api/template/download-{type}-pdf/{token}`: the invoice's PDF (the card's link). */
export function invoicePdfPath(type: InvoiceType, token: string): string {
  return `/api/template/download-${type}-pdf/${encodeURIComponent(token)}`;
}

export const UPDATE_INVOICE_STATUS_PATH = '/api/invoice/update-status';

// ── The screen (spec 3 §2) ──

/** What the type's button reads: Send the first time, Reminder once sent; none when paid. */
export function invoiceSendLabel(invoice: {
  status: InvoiceStatus;
  sentAt: string | Date | null;
}): 'Send' | 'Reminder' | null {
  if (invoice.status === 'paid') return null;
  return invoice.sentAt ? 'Reminder' : 'Send';
}

/** The notices of spec 3 §8 ("Users, terms, invoices"), word for word, and the screen's own. */
export const INVOICE_MESSAGES = {
  fetchError: 'Error fetching invoices.',
  fetchFailed: 'An error occurred while fetching invoices.',
  updateFailed: 'Failed to update status.',
  sendFailed: (type: InvoiceType) => `Failed to send ${type} invoice.`,
  downloadFailed: (type: InvoiceType) => `Failed to download ${type} invoice PDF.`,
  empty: 'No signed contracts found.',
  // The screen's confirmations (spec 3 §8 lists none for invoices).
  sent: (type: InvoiceType) => `${INVOICE_TYPE_LABELS[type]} invoice sent.`,
  reminderSent: (type: InvoiceType) => `${INVOICE_TYPE_LABELS[type]} invoice reminder sent.`,
  statusUpdated: (type: InvoiceType, status: InvoiceStatus) =>
    `${INVOICE_TYPE_LABELS[type]} invoice marked ${INVOICE_STATUS_LABELS[status].toLowerCase()}.`,
  nothingToInvoice: (type: InvoiceType) => `No ${type} amount: nothing to invoice.`,
} as const;

/** The server's refusals, so the screen and the tests read the same words. */
export const INVOICE_ERRORS = {
  unknownType: (type: string) => `Unknown invoice type "${type}": use ${INVOICE_TYPES.join(', ')}.`,
  contractNotFound: 'Contract not found.',
  notSigned: 'Only signed contracts are invoiced.',
  alreadyPaid: (type: InvoiceType) => `The ${type} invoice is paid: there is nothing to send.`,
  noAmount: (type: InvoiceType) =>
    `This contract has no ${type} amount ($0.00): there is no ${type} invoice.`,
  notSentYet: (type: InvoiceType) =>
    `The ${type} invoice has not been sent yet: send it before a reminder.`,
  busy: (type: InvoiceType) =>
    `The ${type} invoice is being numbered by another request; try again in a moment.`,
} as const;

function finite(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function nonNegative(value: number): number {
  const cents = roundCents(value);
  return cents > 0 ? cents : 0;
}
