import type { INestApplicationContext } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DocumentRepository } from '../../src/integrations/documents/store/document.repository';
import { DocumentRecord, StoredPdf } from '../../src/integrations/documents/store/document.schema';
import { DocumentTemplatesSeeder } from '../../src/modules/documents/templates/document-templates.seeder';

/** Seeds the template documents into an app's database through the real seeder. */
export async function seedTemplates(app: INestApplicationContext): Promise<void> {
  await new DocumentTemplatesSeeder(app.get(DocumentRepository, { strict: false })).seed();
}

/** The document records' model, for a test to read (or, to set a scene, write) records itself. */
export function documentModel(app: INestApplicationContext): Model<DocumentRecord> {
  return app.get(getModelToken(DocumentRecord.name), { strict: false });
}

/** The stored revisions' PDF records (`document_pdfs`), for a test to read. */
export function storedPdfModel(app: INestApplicationContext): Model<StoredPdf> {
  return app.get(getModelToken(StoredPdf.name), { strict: false });
}

/** Contract form data as the creation screen sends it (spec 2 §3). */
export function contractFormData(overrides: Record<string, unknown> = {}) {
  return {
    cost: 12500,
    deposit: 6250,
    progress: 0,
    balance: 6250,
    full_name: 'Maria Elena Alvarez',
    email: 'maria.alvarez@example.com',
    contact_number: '+14155550123',
    company_name: 'Alvarez Family Trust',
    additional_email: 'cc@example.com',
    site_address: '2215 Larkin Street',
    city: 'San Francisco',
    state: 'CA',
    zipcode: '94109',
    csm_email: 'csm@prosign.test',
    pm_email: 'pm@prosign.test',
    hs_deal_id: '18734562',
    project_type: 'Seismic retrofit and kitchen remodel',
    t24ReportCount: 2,
    serviceType: 'Structural Engineering',
    first_name: 'Maria',
    last_name: 'Alvarez',
    ...overrides,
  };
}

/**
 * The body of `POST /api/contracts/send` for the demo client as the creation
 * screen sends it, for the document at `docLink`; tests override what they need.
 */
export function contractSendBody<Overrides extends Record<string, unknown>>(
  docLink: string,
  overrides: Overrides = {} as Overrides,
) {
  return {
    docLink,
    full_name: 'Maria Elena Alvarez',
    email: 'maria.alvarez@example.com',
    company_name: 'Alvarez Family Trust',
    contact_number: '+14155550123',
    cc_email: 'office@alvarez.example.com',
    site_address: '2215 Larkin Street',
    city: 'San Francisco',
    state: 'CA',
    zipcode: '94109',
    cost: 12500,
    deposit: 6250,
    progress: 0,
    balance: 6250,
    csm_email: 'csm@prosign.example',
    pm_email: 'pm@prosign.example',
    form_type: 'Structural Engineering',
    t24ReportCount: 2,
    contractTitle: 'Structural Engineering Agreement',
    ...overrides,
  };
}
