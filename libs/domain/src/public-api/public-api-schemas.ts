/**
 * The public api's (`/api/v1`) answers and the shapes they share, each declared once as a zod
 * schema: the api validates with them, the OpenAPI document (openapi-document.ts) is made from
 * them, and their inferred types are what the api's controllers return. Requests are
 * `z.strictObject` (an unknown field is refused); answers are plain objects, so a field added
 * later breaks no client. A signing link, its token or a document link is never part of an
 * answer: each opens an agreement without a key.
 */
import { z } from 'zod';
import { LATER_STATUSES } from '../agreements/agreement-statuses';
import { RECIPIENT_STATES } from '../agreements/recipients';

/** Names the registered schemas become in the document's `components.schemas`. */
export const publicApiResponseSchemas = z.registry<{ id: string; description?: string }>();
export const publicApiRequestSchemas = z.registry<{ id: string; description?: string }>();

/** `schema` under `id` in `registry`: a component of the OpenAPI document by that name. */
export function namedSchema<T extends z.ZodType>(
  registry: typeof publicApiResponseSchemas,
  schema: T,
  id: string,
  description: string,
): T {
  registry.add(schema as z.ZodType, { id, description });
  return schema;
}

const described = <T extends z.ZodType>(schema: T, id: string, description: string): T =>
  namedSchema(publicApiResponseSchemas, schema, id, description);

export const objectIdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, 'must be an id of 24 hexadecimal characters')
  .describe('An id of 24 hexadecimal characters.');

const isoTime = z.iso.datetime().describe('ISO 8601, UTC.');

/** `/agreements/{id}`, `/services/{id}`: the id in the path. */
export const idPathSchema = z.strictObject({ id: objectIdSchema });

/** The life of an agreement as the public api names it: `draft` until sent, then `sent` onwards. */
export const PUBLIC_AGREEMENT_STATUSES = ['draft', 'sent', ...LATER_STATUSES] as const;
export type PublicAgreementStatus = (typeof PUBLIC_AGREEMENT_STATUSES)[number];

/** A cursor page's request: at most `limit` items after the page `cursor` ended at. */
export const pageQueryShape = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(25)
    .describe('How many items a page holds, 1 to 100.'),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe('The `nextCursor` of the page before; absent for the first page.'),
};

/** A page of `item`s and where the next one starts (null: this was the last). */
function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` to read the next page; null on the last page.'),
  });
}

const publicRecipientSchema = described(
  z.object({
    id: z.string().describe('Stable within the agreement: events name the recipient by it.'),
    role: z.enum(['signer', 'countersigner', 'cc']),
    name: z.string(),
    email: z.string(),
    order: z.number().int().describe('From 1; recipients of the same order sign in parallel.'),
    state: z.enum(RECIPIENT_STATES),
    invitedAt: isoTime.nullable(),
    viewedAt: isoTime.nullable(),
    signedAt: isoTime.nullable(),
    declinedAt: isoTime.nullable(),
  }),
  'Recipient',
  'Someone an agreement is sent to: a signer, the firm’s countersigner or a copy recipient.',
);

const publicAgreementEventSchema = described(
  z.object({
    sequence: z
      .number()
      .int()
      .describe('1 for the agreement’s first event, increasing by one with each.'),
    type: z.string().describe('What happened: `sent`, `viewed`, `signed`, `completed`, `void`…'),
    title: z.string().describe('The event in words, as the audit trail shows it.'),
    at: isoTime,
    status: z.enum(PUBLIC_AGREEMENT_STATUSES).nullable().describe('The status after the event.'),
    actor: z.string().describe('A staff e-mail, `signer` or `system`.'),
    recipientId: z.string().nullable().describe('The recipient the event is about, if one.'),
  }),
  'AgreementEvent',
  'One event of an agreement’s append-only, hash-chained history.',
);

const agreementFields = {
  id: objectIdSchema,
  family: z.string().describe('The contract family: `standard`, `sow`, `co`, `document`, …'),
  title: z.string(),
  status: z.enum(PUBLIC_AGREEMENT_STATUSES),
  signerName: z.string().describe('The first signer.'),
  signerEmail: z.string(),
  crmDealId: z.string().nullable(),
  createdBy: z.string().describe('Who created and sent it (a staff e-mail or a key’s owner).'),
  sentAt: isoTime.nullable(),
  signedAt: isoTime.nullable(),
  declinedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  expiredAt: isoTime.nullable(),
  voidedAt: isoTime.nullable(),
  expiresAt: isoTime.nullable().describe('When its signing links close, if it is still open.'),
  sealed: z.boolean().describe('Whether the sealed PDF and the certificate can be downloaded.'),
};

const publicAgreementSummarySchema = described(
  z.object(agreementFields),
  'AgreementSummary',
  'An agreement as lists show it.',
);

export const publicAgreementSchema = described(
  z.object({
    ...agreementFields,
    recipients: z.array(publicRecipientSchema),
    events: z.array(publicAgreementEventSchema),
  }),
  'Agreement',
  'An agreement with its recipients, their states and its events.',
);

export const agreementPageSchema = described(
  pageOf(publicAgreementSummarySchema),
  'AgreementPage',
  'A page of agreements, newest first.',
);

export const agreementEventPageSchema = described(
  pageOf(publicAgreementEventSchema),
  'AgreementEventPage',
  'An agreement’s events, oldest first.',
);

export const reminderSentSchema = described(
  z.object({
    agreement: publicAgreementSchema,
    remindedAt: isoTime,
  }),
  'ReminderSent',
  'The agreement after a reminder went to each signer whose turn it is.',
);

export const problemDetailsSchema = described(
  z.object({
    type: z.string().describe('A URI naming the kind of problem; `about:blank` when none.'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().describe('The path the request was sent to.'),
    errors: z
      .array(
        z.object({
          path: z.string().describe('`signer.email`, `limit`; empty for the whole body.'),
          message: z.string(),
        }),
      )
      .optional()
      .describe('On a 400: each field that is wrong and why.'),
  }),
  'Problem',
  'An error, as RFC 9457 `application/problem+json`.',
);

export type PublicRecipient = z.infer<typeof publicRecipientSchema>;
export type PublicAgreementEvent = z.infer<typeof publicAgreementEventSchema>;
export type PublicAgreementSummary = z.infer<typeof publicAgreementSummarySchema>;
export type PublicAgreement = z.infer<typeof publicAgreementSchema>;
export type AgreementPageAnswer = z.infer<typeof agreementPageSchema>;
export type AgreementEventPage = z.infer<typeof agreementEventPageSchema>;
export type ReminderSentAnswer = z.infer<typeof reminderSentSchema>;
