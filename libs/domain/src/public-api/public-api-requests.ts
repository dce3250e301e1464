/**
 * What the public api (`/api/v1`) takes: list queries and the bodies of its writes, one zod
 * schema each (public-api-schemas.ts says why). The api validates with these, the OpenAPI
 * document describes them, and a staff form that sends the same shape checks with them too.
 */
import { z } from 'zod';
import { isEmailAddress } from '../address/email-address';
import { TEMPLATE_FAMILIES } from './catalog-schemas';
import { commaList } from './comma-list';
import { SIGNING_ORDERS } from '../agreements/recipient-list';
import { SOW_FILTERS, STANDARD_FILTERS } from '../families/filter-sets';
import {
  objectIdSchema,
  pageQueryShape,
  PUBLIC_AGREEMENT_STATUSES,
  namedSchema,
  publicApiRequestSchemas,
} from './public-api-schemas';

const registered = <T extends z.ZodType>(schema: T, id: string, description: string): T =>
  namedSchema(publicApiRequestSchemas, schema, id, description);

const DASHBOARD_FILTERS = [...new Set([...STANDARD_FILTERS, ...SOW_FILTERS])] as [
  string,
  ...string[],
];

export const agreementListQuerySchema = z.strictObject({
  ...pageQueryShape,
  family: z
    .string()
    .regex(/^[a-z][a-z0-9]{0,31}$/)
    .optional()
    .describe('Only this family’s agreements (`standard`, `sow`, `co`, `document`, …).'),
  status: commaList(PUBLIC_AGREEMENT_STATUSES, 'statuses')
    .optional()
    .describe('Only agreements in one of these statuses, e.g. `sent,viewed`.'),
  filter: commaList(DASHBOARD_FILTERS, 'dashboard filters')
    .optional()
    .describe(
      'The dashboards’ filters, any of them matching (`viewed`, `notSigned`, `signatureSaved`…).',
    ),
  search: z
    .string()
    .max(200)
    .optional()
    .describe('Text in a name, e-mail, address or phone number of the agreement.'),
  sentAfter: z.iso.datetime().optional().describe('Sent at or after this time (ISO 8601).'),
  sentBefore: z.iso.datetime().optional().describe('Sent before this time (ISO 8601).'),
});
export type AgreementListRequest = z.infer<typeof agreementListQuerySchema>;

/** A page of services, or of an agreement's events. */
export const catalogListQuerySchema = z.strictObject({ ...pageQueryShape });

/** A page of templates of one family. */
export const templateListQuerySchema = z.strictObject({
  ...pageQueryShape,
  family: z
    .enum(TEMPLATE_FAMILIES)
    .default('document')
    .describe('Whose templates: `document` (default), `sow` or `co`.'),
});

export const personSchema = registered(
  z.strictObject({
    name: z.string().trim().min(1, 'is required').max(200),
    // The address rule every form and send of the product applies, beside the format the
    // document names.
    email: z
      .email('must be an e-mail address')
      .max(320)
      .refine(isEmailAddress, 'must be an e-mail address'),
    phone: z
      .string()
      .regex(/^\+1\d{10}$/, 'must be +1 followed by ten digits')
      .optional(),
  }),
  'Person',
  'Someone who signs: their name and e-mail, and a phone number if known.',
);

const countersignerSchema = registered(
  z.strictObject({
    email: z.email('must be the e-mail of a ProSign staff member').max(320),
    name: z.string().trim().max(200).optional(),
    title: z.string().trim().max(200).optional(),
  }),
  'Countersigner',
  'The firm’s staff member who signs after the client signers.',
);

const crmDealIdSchema = z
  .string()
  .regex(/^\d{1,30}$/, 'must be a numeric CRM deal id')
  .describe('The CRM deal the agreement belongs to: its notes and stage follow the agreement.');

/** What every creation may add: its signers' order and an e-mail code step. */
export const envelopeShape = {
  signingOrder: z
    .enum(SIGNING_ORDERS)
    .optional()
    .describe('Several signers: one after the other (default) or all at once.'),
  requireEmailCode: z
    .boolean()
    .optional()
    .describe('Each signer enters a code mailed to them first; default: the family’s setting.'),
};

/** Signers besides the form's own, and the firm's staff member who signs after them. */
export const signersShape = {
  additionalSigners: z.array(personSchema).max(10).optional(),
  countersigner: countersignerSchema.optional(),
};

export const createStandardAgreementSchema = registered(
  z.strictObject({
    family: z.literal('standard'),
    serviceId: objectIdSchema.describe('The service whose agreement texts the contract takes.'),
    signer: personSchema,
    ...signersShape,
    companyName: z.string().trim().max(200).optional(),
    siteAddress: z.string().trim().max(300).optional(),
    city: z.string().trim().max(100).optional(),
    state: z.string().trim().max(50).optional(),
    zipcode: z.string().trim().max(20).optional(),
    cost: z.number().positive().describe('The fee in dollars.'),
    deposit: z.number().positive().describe('The deposit in dollars, at most the cost.'),
    progress: z.number().min(0).optional(),
    balance: z.number().min(0).optional(),
    t24ReportCount: z.number().int().min(0).max(5).default(0),
    csmEmail: z.email().max(320).describe('The firm’s customer success manager.'),
    pmEmail: z.email().max(320).optional(),
    ccEmail: z.email().max(320).optional().describe('Gets the document and the signed copy.'),
    crmDealId: crmDealIdSchema.optional(),
    ...envelopeShape,
  }),
  'CreateStandardAgreement',
  'A standard service agreement, its texts from one of the firm’s services.',
);

export const createDocumentAgreementSchema = registered(
  z.strictObject({
    family: z.literal('document'),
    templateId: objectIdSchema.describe('An uploaded-document template (`GET /templates`).'),
    templateVersion: z.number().int().min(1).optional().describe('Default: the newest.'),
    title: z.string().trim().min(1).max(300).optional().describe('Default: the template’s name.'),
    people: z
      .record(z.string().max(40), personSchema.or(countersignerSchema))
      .describe(
        'A person for each of the template’s roles, by role id: `signer-1`, `signer-2`, …, and `firm` (a staff member).',
      ),
    csmEmail: z.email().max(320).describe('The staff member the document is sent for.'),
    ccEmails: z.array(z.email().max(320)).max(10).optional(),
    expiresInDays: z.number().int().min(1).max(365).optional(),
    crmDealId: crmDealIdSchema.optional(),
    ...envelopeShape,
  }),
  'CreateDocumentAgreement',
  'An uploaded-document agreement from a template: its PDF, fields and roles.',
);

export type CreateStandardAgreementRequest = z.infer<typeof createStandardAgreementSchema>;
export type CreateDocumentAgreementRequest = z.infer<typeof createDocumentAgreementSchema>;
