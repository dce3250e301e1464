/**
 * What agreements are made from, as the public api (`/api/v1`) reads them: the firm's services
 * (standard agreements take their texts) and the uploaded-document templates (a PDF with its
 * fields and roles). Read-only here; staff keep them in the staff app.
 */
import { z } from 'zod';
import { namedSchema, publicApiResponseSchemas } from './public-api-schemas';

const registered = <T extends z.ZodType>(schema: T, id: string, description: string): T =>
  namedSchema(publicApiResponseSchemas, schema, id, description);

export const publicServiceSchema = registered(
  z.object({
    id: z.string(),
    name: z.string(),
    agreementTitle: z.string(),
    position: z.number().int().describe('Where staff list it, from 1.'),
    updatedAt: z.iso.datetime().nullable(),
  }),
  'Service',
  'A service of the firm: a standard agreement for it takes its texts.',
);

/** The families whose agreements are made from a template. */
export const TEMPLATE_FAMILIES = ['document', 'sow', 'co'] as const;

export const publicTemplateSchema = registered(
  z.object({
    id: z.string(),
    family: z
      .enum(TEMPLATE_FAMILIES)
      .describe(
        'Whose agreements it makes: uploaded documents (`templateId`), Scope-of-Work contracts (`templateName`) or change orders (`templateId`).',
      ),
    name: z.string(),
    version: z
      .number()
      .int()
      .nullable()
      .describe('A document template: each save is a new version, and versions never change.'),
    fileName: z.string().nullable().describe('A document template: its PDF.'),
    pageCount: z.number().int().nullable(),
    fieldCount: z.number().int().nullable(),
    roles: z
      .array(z.object({ id: z.string(), name: z.string() }))
      .describe(
        'A document template: who its fields are for (`signer-1`, `signer-2`, …, `firm`). A SOW template: the partner roles it has texts for. A change order: none.',
      ),
    updatedAt: z.iso.datetime().nullable(),
  }),
  'Template',
  'A template agreements are made from: an uploaded document with its fields and roles, or a SOW or change-order template of texts.',
);

export const servicePageSchema = registered(
  z.object({ data: z.array(publicServiceSchema), nextCursor: z.string().nullable() }),
  'ServicePage',
  'A page of services, in the order staff list them.',
);

export const templatePageSchema = registered(
  z.object({ data: z.array(publicTemplateSchema), nextCursor: z.string().nullable() }),
  'TemplatePage',
  'A page of templates of one family (document templates in use, the latest saved first).',
);

export type PublicService = z.infer<typeof publicServiceSchema>;
export type PublicTemplate = z.infer<typeof publicTemplateSchema>;
export type ServicePage = z.infer<typeof servicePageSchema>;
export type TemplatePage = z.infer<typeof templatePageSchema>;
