/**
 * Invoices through the public api (`/api/v1`), read-only: one per invoice type with something
 * to bill of each signed standard contract, as the invoices dashboard lists them. Staff send
 * them and record payments in the staff app.
 */
import { z } from 'zod';
import { INVOICE_TYPES, type InvoiceStatus } from '../invoices/invoice-rules';
import { USD_FORMAT } from '../money/money';
import { commaList } from './comma-list';
import {
  namedSchema,
  objectIdSchema,
  pageQueryShape,
  publicApiResponseSchemas,
} from './public-api-schemas';

const answer = <T extends z.ZodType>(schema: T, id: string, description: string): T =>
  namedSchema(publicApiResponseSchemas, schema, id, description);

const isoTime = z.iso.datetime().describe('ISO 8601, UTC.');

/** Payment statuses as the public api spells them. */
const PUBLIC_INVOICE_STATUSES = ['unpaid', 'partially_paid', 'paid'] as const;
export type PublicInvoiceStatus = (typeof PUBLIC_INVOICE_STATUSES)[number];

const PUBLIC_STATUS_OF: Readonly<Record<InvoiceStatus, PublicInvoiceStatus>> = {
  'not paid': 'unpaid',
  'partially paid': 'partially_paid',
  paid: 'paid',
};

export function publicInvoiceStatusOf(status: InvoiceStatus): PublicInvoiceStatus {
  return PUBLIC_STATUS_OF[status];
}

/** The currency of every amount of the firm. */
export const INVOICE_CURRENCY = USD_FORMAT.currency as 'USD';

/** `{agreementId}.{type}`: also the `data.id` of an `invoice.*` webhook event. */
export function publicInvoiceId(agreementId: string, type: (typeof INVOICE_TYPES)[number]): string {
  return `${agreementId}.${type}`;
}

const invoiceIdSchema = z
  .string()
  .regex(
    new RegExp(`^[0-9a-f]{24}\\.(${INVOICE_TYPES.join('|')})$`),
    `must be an invoice id: {agreementId}.${INVOICE_TYPES.join('|')}`,
  )
  .describe('`{agreementId}.{deposit|progress|balance}`.');

export const invoicePathSchema = z.strictObject({ id: invoiceIdSchema });

const money = z.number().describe('In the invoice’s currency, to the cent.');

export const publicInvoiceSchema = answer(
  z.object({
    id: invoiceIdSchema,
    agreementId: objectIdSchema,
    type: z.enum(INVOICE_TYPES).describe('Which payment of the contract it bills.'),
    number: z
      .string()
      .nullable()
      .describe('`INV-000042`, given when it is first sent or downloaded; null before.'),
    status: z.enum(PUBLIC_INVOICE_STATUSES),
    currency: z.literal(INVOICE_CURRENCY).describe('ISO 4217.'),
    amount: money,
    paidAmount: money.describe('Paid so far.'),
    dueAmount: money.describe('Still to pay.'),
    issuedAt: isoTime.nullable().describe('When it was numbered; null before.'),
    dueAt: isoTime.nullable().describe('When payment is due; null until issued.'),
    sentAt: isoTime.nullable().describe('First mailed to the client.'),
    lastSentAt: isoTime.nullable().describe('Last mailed (a reminder or a resend).'),
    sendCount: z.number().int(),
    reminderCount: z.number().int(),
    clientName: z.string(),
    clientEmail: z.string(),
    companyName: z.string().nullable(),
    agreementTitle: z.string(),
    crmDealId: z.string().nullable(),
    links: z
      .object({ self: z.string(), agreement: z.string() })
      .describe('Public api addresses of the invoice and its agreement.'),
  }),
  'Invoice',
  'A payment a signed contract bills: its amount, status, number and sends.',
);

export const invoicePageSchema = answer(
  z.object({
    data: z.array(publicInvoiceSchema),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` to read the next page; null on the last page.'),
  }),
  'InvoicePage',
  'Invoices of signed contracts, the newest contract first, its invoices in payment order.',
);

export const invoiceListQuerySchema = z.strictObject({
  ...pageQueryShape,
  status: commaList(PUBLIC_INVOICE_STATUSES, 'invoice statuses')
    .optional()
    .describe('Only invoices in one of these statuses, e.g. `unpaid,partially_paid`.'),
  type: commaList(INVOICE_TYPES, 'invoice types')
    .optional()
    .describe('Only these payments, e.g. `deposit`.'),
  agreementId: objectIdSchema.optional().describe('Only the invoices of this agreement.'),
  crmDealId: z
    .string()
    .regex(/^\d{1,30}$/, 'must be a numeric CRM deal id')
    .optional()
    .describe('Only the invoices of this CRM deal’s agreements.'),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;
export type InvoicePageAnswer = z.infer<typeof invoicePageSchema>;
