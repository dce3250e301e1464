/**
 * The invoice part of a listed signed contract (spec 3 §3): per type what it
 * bills, its status, number, sends and PDF link, from the stored record.
 */
import type { InvoiceDetails, InvoiceTypeView, StoredInvoice, StoredInvoices } from './invoice-api';
import {
  formatInvoiceNumber,
  invoiceAmount,
  invoicePdfPath,
  paidSoFar,
  type InvoicedAmounts,
  type InvoiceType,
} from './invoice-rules';

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

/** One type's view: a type nothing happened to yet is not paid and never sent. */
function invoiceTypeView(
  type: InvoiceType,
  token: string,
  amounts: InvoicedAmounts,
  stored: StoredInvoice | undefined,
): InvoiceTypeView {
  const amount = invoiceAmount(type, amounts);
  const status = stored?.status ?? 'not paid';
  return {
    type,
    amount,
    status,
    paidAmount: paidSoFar(status, amount, stored?.paidAmount),
    invoiceNumber: stored?.number ? formatInvoiceNumber(stored.number) : null,
    sentAt: iso(stored?.sentAt),
    lastSentAt: iso(stored?.lastSentAt ?? stored?.sentAt),
    sendCount: stored?.sendCount ?? 0,
    reminderCount: stored?.reminderCount ?? 0,
    link: invoicePdfPath(type, token),
  };
}

/** `invoiceDetails` of a contract: its `_id`, token and the three types. */
export function invoiceDetailsOf(contract: {
  _id: unknown;
  token: string;
  amounts: InvoicedAmounts;
  invoices?: StoredInvoices | null;
}): InvoiceDetails {
  const of = (type: InvoiceType) =>
    invoiceTypeView(type, contract.token, contract.amounts, contract.invoices?.[type]);
  return {
    _id: String(contract._id),
    token: contract.token,
    deposit: of('deposit'),
    progress: of('progress'),
    balance: of('balance'),
  };
}
