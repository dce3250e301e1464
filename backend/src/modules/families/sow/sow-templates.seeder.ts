import { Injectable } from '@nestjs/common';
import type { Seeder } from '../../../platform/database/seeder';
import { SowServicesTemplateRepository } from './sow-services-template.repository';
import { SEEDED_SOW_TEMPLATES } from './sow-services-templates';

/** Adds the demo SOW services templates that are missing; admins' edits are kept. */
@Injectable()
export class SowTemplatesSeeder implements Seeder {
  readonly name = 'SOW services templates';

  constructor(private readonly templates: SowServicesTemplateRepository) {}

  async seed(): Promise<string> {
    let added = 0;
    for (const template of SEEDED_SOW_TEMPLATES) {
      if (await this.templates.existsNamed(template.name)) continue;
      await this.templates.insert({
        name: template.name,
        services: Object.entries(template.services).map(([role, text]) => ({ role, text })),
        updatedBy: null,
      });
      added += 1;
    }
    return `${added} of ${SEEDED_SOW_TEMPLATES.length} new`;
  }
}
