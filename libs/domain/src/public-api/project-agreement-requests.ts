/**
 * The public api's creations of the project families — a Scope-of-Work contract with a community
 * partner, and a change order on a CRM deal — and the one creation request of every family.
 * Their fields are the staff screens' (/sow, /co), named as the rest of the public api names
 * things; the family's own checks (fees against the roles, the partner and the deal in the CRM,
 * split payments…) run on the server as for staff.
 */
import { z } from 'zod';
import { CHANGE_ORDER_LABELS, CP_ROLES } from '../crm/crm-rules';
import { CO_PAYMENT_TERMS } from '../co/co-form';
import { TIMELINE_UNITS } from '../sow/sow-rules';
import {
  createDocumentAgreementSchema,
  createStandardAgreementSchema,
  envelopeShape,
  personSchema,
  signersShape,
} from './public-api-requests';
import { namedSchema, publicApiRequestSchemas } from './public-api-schemas';

const crmId = (what: string) =>
  z
    .string()
    .regex(/^\d{1,30}$/, `must be a numeric CRM ${what} id`)
    .describe(`The CRM ${what}'s id.`);

const text = (max: number) => z.string().trim().max(max);

const createSowAgreementSchema = namedSchema(
  publicApiRequestSchemas,
  z.strictObject({
    family: z.literal('sow'),
    templateName: text(200)
      .min(1)
      .describe('The SOW services template (its texts for each role), e.g. `Residential`.'),
    partner: personSchema.describe('The community partner who signs.'),
    partnerCrmId: crmId('partner')
      .optional()
      .describe('The partner in the CRM; absent, a partner with their e-mail must not exist.'),
    confirmBlacklisted: z
      .boolean()
      .optional()
      .describe('Creates it even though the CRM marks the partner Blacklisted.'),
    roles: z.array(z.enum(CP_ROLES)).min(1).max(CP_ROLES.length),
    fees: z
      .partialRecord(z.enum(CP_ROLES), z.number().min(0))
      .describe('The fee in dollars for each role, by role.'),
    projectCrmId: crmId('project'),
    projectAddress: text(300).min(1),
    projectType: text(200).optional(),
    projectOverview: text(20_000).optional(),
    timeline: z.discriminatedUnion('kind', [
      z.strictObject({
        kind: z.literal('duration'),
        amount: z.number().positive(),
        unit: z.enum(TIMELINE_UNITS),
      }),
      z.strictObject({
        kind: z.literal('custom'),
        dateTime: text(40).describe('`YYYY-MM-DDTHH:mm`, Pacific time.'),
      }),
    ]),
    siteVisitAt: text(40)
      .optional()
      .describe('`YYYY-MM-DDTHH:mm`, Pacific time; required for the on-site roles.'),
    servicesDeliverables: text(20_000).optional(),
    pmEmail: z.email().max(320),
    ccEmails: z.array(z.email().max(320)).max(10).default([]),
    effectiveDate: z.iso.date().optional().describe('Default: today, Pacific time.'),
    ...signersShape,
    ...envelopeShape,
  }),
  'CreateSowAgreement',
  'A Scope-of-Work contract with a community partner, from a SOW services template.',
);

const createChangeOrderSchema = namedSchema(
  publicApiRequestSchemas,
  z.strictObject({
    family: z.literal('co'),
    templateId: text(100).min(1).describe('The change-order template its texts come from.'),
    crmDealId: crmId('deal').describe('The deal the change order is for.'),
    projectCrmId: crmId('project').optional(),
    projectAddress: text(300).min(1),
    signatory: personSchema.describe('The client who signs.'),
    signatoryCrmId: crmId('contact').optional(),
    description: text(20_000).min(1),
    fee: z.number().positive().describe('In dollars.'),
    paymentTerms: z.enum(CO_PAYMENT_TERMS),
    firstPayment: z.number().positive().optional().describe('Split Payment only.'),
    secondPayment: z.number().positive().optional().describe('Split Payment only.'),
    specificationsProvisions: text(20_000).optional(),
    mainContractSignedDate: z.iso.date().optional(),
    associationLabel: z
      .enum(CHANGE_ORDER_LABELS)
      .optional()
      .describe('Which change order of the project it is, when the deal has no label yet.'),
    csmEmail: z.email().max(320),
    pmEmail: z.email().max(320).optional(),
    ccEmails: z.array(z.email().max(320)).max(10).default([]),
    ...signersShape,
    ...envelopeShape,
  }),
  'CreateChangeOrder',
  'A change order on a CRM deal, from a change-order template.',
);

export type CreateSowAgreementRequest = z.infer<typeof createSowAgreementSchema>;
export type CreateChangeOrderRequest = z.infer<typeof createChangeOrderSchema>;

export const createAgreementSchema = namedSchema(
  publicApiRequestSchemas,
  z.discriminatedUnion('family', [
    createStandardAgreementSchema,
    createSowAgreementSchema,
    createChangeOrderSchema,
    createDocumentAgreementSchema,
  ]),
  'CreateAgreement',
  'A new agreement, as a draft: `POST /agreements/{id}/send` sends it.',
);
export type CreateAgreementRequest = z.infer<typeof createAgreementSchema>;
