/**
 * The invoice calls of spec 3 §7, as both sides type them, and the invoice
 * state a contract record keeps (spec 3 §3 "Client/invoice record").
 */
import type { ContractCardView, ContractListResponse } from '../contracts/contract-dashboard';
import type { InvoiceStatus, InvoiceType } from './invoice-rules';

/**
 * One invoice type of a contract as stored on its record (written by the
 * invoices module, with an event in the contract's log for each change).
 */
export interface StoredInvoice {
  /** Sequence number from the firm's counter; given on the first send or download, then kept. */
  number?: number | null;
  /** When the number was given: the invoice's issue date. */
  issuedAt?: Date | string | null;
  status?: InvoiceStatus;
  /** What was paid so far (partially paid: as recorded; paid: the whole amount). */
  paidAmount?: number;
  /** First send, last send (a reminder or a resend), how many mails went. */
  sentAt?: Date | string | null;
  lastSentAt?: Date | string | null;
  sendCount?: number;
  reminderCount?: number;
  /** While a request is giving this type its number (keeps two requests from taking two). */
  numberLease?: { runner: string; until: Date | string } | null;
}

/** The `invoices` field of a contract record: one entry per type once anything happened to it. */
export type StoredInvoices = Partial<Record<InvoiceType, StoredInvoice>>;

/** One invoice type on a card (spec 3 §3: per type a sent time, a status and a link). */
export interface InvoiceTypeView {
  type: InvoiceType;
  /** What this type bills; 0 → nothing to send (the card says so). */
  amount: number;
  status: InvoiceStatus;
  paidAmount: number;
  /** "INV-000042" once given, else null. */
  invoiceNumber: string | null;
  /** First send, ISO 8601; null until sent. */
  sentAt: string | null;
  /** Last send (reminder or resend), ISO 8601. */
  lastSentAt: string | null;
  sendCount: number;
  reminderCount: number;
  /** The PDF: `GET /api/template/download-{type}-pdf/{token}` (relative to the API). */
  link: string;
}

/** `invoiceDetails` of a listed contract (GET /api/user/details). */
export interface InvoiceDetails {
  /** The contract's `_id` (the `userId` of update-status). */
  _id: string;
  /** The contract's signing token (the `token` of send and download). */
  token: string;
  deposit: InvoiceTypeView;
  progress: InvoiceTypeView;
  balance: InvoiceTypeView;
}

/** PUT /api/invoice/update-status */
export interface UpdateInvoiceStatusRequest {
  /** The contract's `_id` (`invoiceDetails._id`). */
  userId: string;
  type: InvoiceType;
  status: InvoiceStatus;
  /** Partially paid: what was paid so far (required then, ignored otherwise). */
  paidAmount?: number;
}

export interface UpdateInvoiceStatusResponse {
  success: true;
  invoiceDetails: InvoiceDetails;
}

/** POST /api/template/send-{type}-invoice */
export interface SendInvoiceRequest {
  /** The contract's signing token. */
  token: string;
  isReminder?: boolean;
}

export interface SendInvoiceResponse {
  success: true;
  invoiceNumber: string;
  isReminder: boolean;
  /** The mail's delivery id (`GET /api/mail/deliveries/{id}` for admins). */
  deliveryId: string;
  invoiceDetails: InvoiceDetails;
}

/** What a listed contract adds for the invoice screen (spec 3 §3 client record). */
export interface ContractInvoiceFields {
  /** The payments the invoices bill. */
  deposit: number;
  progress: number;
  balance: number;
  /** Per invoice type its status, number, sends and PDF link. */
  invoiceDetails: InvoiceDetails;
}

/** A signed contract on the invoice screen: the listed contract with its invoices. */
export type InvoiceClientView = ContractCardView & ContractInvoiceFields;

/** GET /api/user/details?filters=signed&limit=10 as the invoice screen reads it. */
export interface InvoiceListResponse extends Omit<ContractListResponse, 'filteredClients'> {
  filteredClients: InvoiceClientView[];
}
