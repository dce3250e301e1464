import { Injectable } from '@nestjs/common';
import type { Seeder } from '../../../platform/database/seeder';
import { DocumentRepository } from '../../../integrations/documents';
import { CHANGE_ORDER_TEMPLATE } from './change-order.template';
import { creationTemplates } from './creation-templates';
import { SOW_CONTRACT_TEMPLATE } from './sow-contract.template';
import {
  DRAFTING_SERVICES_TEMPLATE,
  STANDARD_AGREEMENT_TEMPLATE,
} from './standard-agreement.template';

const BUILT_IN_TEMPLATES = [
  STANDARD_AGREEMENT_TEMPLATE,
  DRAFTING_SERVICES_TEMPLATE,
  SOW_CONTRACT_TEMPLATE,
  CHANGE_ORDER_TEMPLATE,
];

/** A fixed date for seeded templates, so their previews render identically everywhere. */
const TEMPLATE_DATE = new Date('2025-01-01T08:00:00Z');

/**
 * Seeds the template documents (spec 2 §9, spec 3 §3) under their stable ids.
 * Inserts only what is missing, so it is idempotent and keeps admin edits.
 */
@Injectable()
export class DocumentTemplatesSeeder implements Seeder {
  readonly name = 'document templates';

  constructor(private readonly documents: DocumentRepository) {}

  async seed(): Promise<string> {
    // Read now, not at import: a family registered at start brings its template.
    const templates = [...BUILT_IN_TEMPLATES, ...creationTemplates()];
    const inserted = await this.documents.insertTemplatesIfAbsent(
      templates.map((template) => ({
        _id: template._id,
        kind: 'template',
        title: template.title,
        contractKind: template.content.contractKind,
        content: template.content,
        revision: 1,
        documentDate: TEMPLATE_DATE,
      })),
    );
    return `${inserted} of ${templates.length} templates new`;
  }
}
