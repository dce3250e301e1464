import { Injectable } from '@nestjs/common';
import { CHANGE_ORDER_TEMPLATE_DOC_ID, CO_TEMPLATE_FIELD_KEYS } from '@prosign/domain';
import type { Seeder } from '../../../platform/database/seeder';
import { DocumentRepository } from '../../documents';
import { CoTemplateRepository } from './co-template.repository';

/** The name of the seeded CO template of type main. */
const CO_MAIN_TEMPLATE_NAME = 'Change Order';

/**
 * Adds the CO template when missing, its texts taken from the change-order
 * document template's editable sections (run after the document templates);
 * admins' edits are kept.
 */
@Injectable()
export class CoTemplatesSeeder implements Seeder {
  readonly name = 'CO templates';

  constructor(
    private readonly templates: CoTemplateRepository,
    private readonly documents: DocumentRepository,
  ) {}

  async seed(): Promise<string> {
    if (await this.templates.existsNamed(CO_MAIN_TEMPLATE_NAME)) return '0 of 1 new';
    const document = await this.documents.find(CHANGE_ORDER_TEMPLATE_DOC_ID);
    const sections = document?.content?.sections ?? [];
    const templateFields: Record<string, string> = {};
    for (const key of CO_TEMPLATE_FIELD_KEYS) {
      const body = sections.find((section) => section.key === key)?.body;
      if (!body) throw new Error(`the change-order document template has no ${key} section`);
      templateFields[key] = body;
    }
    await this.templates.insert({
      name: CO_MAIN_TEMPLATE_NAME,
      type: 'main',
      templateFields,
      updatedBy: null,
    });
    return '1 of 1 new';
  }
}
