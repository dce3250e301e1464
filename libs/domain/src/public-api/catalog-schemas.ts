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

export const publicTemplateSchema = registered(
  z.object({
    id: z.string(),
    name: z.string(),
    version: z.number().int().describe('Each save is a new version; versions never change.'),
    fileName: z.string(),
    pageCount: z.number().int(),
    fieldCount: z.number().int(),
    roles: z
      .array(z.object({ id: z.string(), name: z.string() }))
      .describe('Who the fields are for: `signer-1`, `signer-2`, …, and `firm`.'),
    updatedAt: z.iso.datetime(),
  }),
  'Template',
  'An uploaded-document template: a PDF, its fields and the roles they are for.',
);

export const servicePageSchema = registered(
  z.object({ data: z.array(publicServiceSchema), nextCursor: z.string().nullable() }),
  'ServicePage',
  'A page of services, in the order staff list them.',
);

export const templatePageSchema = registered(
  z.object({ data: z.array(publicTemplateSchema), nextCursor: z.string().nullable() }),
  'TemplatePage',
  'A page of the templates in use (not archived), the latest saved first.',
);

export type PublicService = z.infer<typeof publicServiceSchema>;
export type PublicTemplate = z.infer<typeof publicTemplateSchema>;
export type ServicePage = z.infer<typeof servicePageSchema>;
export type TemplatePage = z.infer<typeof templatePageSchema>;
