import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import {
  SowServicesTemplate,
  type SowServicesTemplateDocument,
} from './sow-services-template.schema';

type ServicesTexts = SowServicesTemplate['services'];

/** The SOW services templates (`sow_services_templates`): the one owner of their model. */
@Injectable()
export class SowServicesTemplateRepository {
  constructor(
    @InjectModel(SowServicesTemplate.name)
    private readonly templates: Model<SowServicesTemplate>,
  ) {}

  /** Every template's id and name, by name. */
  async listNames(): Promise<Array<Pick<SowServicesTemplate, '_id' | 'name'>>> {
    return this.templates.find({}, { name: 1 }).sort({ name: 1 }).lean();
  }

  async findByName(name: string): Promise<SowServicesTemplateDocument | null> {
    return this.templates.findOne({ name });
  }

  async findById(id: string): Promise<SowServicesTemplateDocument | null> {
    return this.templates.findById(id);
  }

  async existsNamed(name: string): Promise<boolean> {
    return (await this.templates.exists({ name })) !== null;
  }

  async insert(template: {
    name: string;
    services: ServicesTexts;
    updatedBy: null;
  }): Promise<void> {
    await this.templates.create(template);
  }

  /**
   * Saves the services texts if the template is still at `revision` (two admins saving at once
   * cannot silently lose one save); the template as saved, or null when it changed meanwhile.
   */
  async saveServicesAtRevision(
    id: Types.ObjectId,
    revision: number,
    services: ServicesTexts,
    updatedBy: string,
  ): Promise<SowServicesTemplateDocument | null> {
    return this.templates.findOneAndUpdate(
      { _id: id, revision },
      { $set: { services, updatedBy }, $inc: { revision: 1 } },
      { returnDocument: 'after' },
    );
  }
}
