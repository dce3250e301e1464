import {
  formatInvoiceNumber,
  INVOICE_CURRENCY,
  INVOICE_TYPES,
  invoiceAmount,
  invoiceDueDate,
  paidSoFar,
  PUBLIC_API_BASE_PATH,
  publicInvoiceId,
  publicInvoiceStatusOf,
  type InvoiceType,
  type PublicInvoice,
} from '@prosign/domain';
import { familyConfig, type Agreement, type StandardContractForm } from '../agreements';
import { amountDue } from '../documents';

/** A signed standard contract as a read returns it: invoices are drawn on its form. */
export type InvoicedContract = Agreement<StandardContractForm> & { _id: unknown };

/** What the links and the due date need besides the record. */
export interface InvoiceViewSettings {
  /** The api's public origin (PUBLIC_API_URL). */
  apiBaseUrl: string;
  /** Days from issue to due (INVOICE_DUE_DAYS). */
  dueDays: number;
}

const iso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

/**
 * One invoice type of a contract as the public api shows it: what it bills and in which
 * currency, paid and still due, its number and sends, whom it bills, and api links. Never
 * the contract's token nor the PDF's link (which carries it).
 */
export function publicInvoiceOf(
  contract: InvoicedContract,
  type: InvoiceType,
  settings: InvoiceViewSettings,
): PublicInvoice {
  const form = contract.form;
  const agreementId = String(contract._id);
  const id = publicInvoiceId(agreementId, type);
  const stored = contract.invoices?.[type];
  const amount = invoiceAmount(type, form);
  const status = stored?.status ?? 'not paid';
  const paid = paidSoFar(status, amount, stored?.paidAmount);
  const root = `${settings.apiBaseUrl.replace(/\/+$/, '')}${PUBLIC_API_BASE_PATH}`;
  return {
    id,
    agreementId,
    type,
    number: stored?.number ? formatInvoiceNumber(stored.number) : null,
    status: publicInvoiceStatusOf(status),
    currency: INVOICE_CURRENCY,
    amount,
    paidAmount: paid,
    dueAmount: amountDue({ amount, paidSoFar: paid }),
    issuedAt: iso(stored?.issuedAt),
    dueAt: stored?.issuedAt ? iso(invoiceDueDate(stored.issuedAt, settings.dueDays)) : null,
    sentAt: iso(stored?.sentAt),
    lastSentAt: iso(stored?.lastSentAt ?? stored?.sentAt),
    sendCount: stored?.sendCount ?? 0,
    reminderCount: stored?.reminderCount ?? 0,
    clientName: form.full_name,
    clientEmail: form.email,
    companyName: form.company_name || null,
    agreementTitle: familyConfig(contract.family).title(form),
    crmDealId: form.hsDealId || null,
    links: {
      self: `${root}/invoices/${encodeURIComponent(id)}`,
      agreement: `${root}/agreements/${encodeURIComponent(agreementId)}`,
    },
  };
}

/** The contract's invoices, in payment order: each type with something to bill. */
export function invoiceTypesOf(contract: InvoicedContract): InvoiceType[] {
  return INVOICE_TYPES.filter((type) => invoiceAmount(type, contract.form) > 0);
}
