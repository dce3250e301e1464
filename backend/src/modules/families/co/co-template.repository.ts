import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { CoTemplate, type CoTemplateDocument } from './co-template.schema';

/** The CO templates (`co_templates`): the one owner of their model. */
@Injectable()
export class CoTemplateRepository {
  constructor(@InjectModel(CoTemplate.name) private readonly templates: Model<CoTemplate>) {}

  /** Every template's id and name, by name. */
  async listNames(): Promise<Array<Pick<CoTemplate, '_id' | 'name'>>> {
    return this.templates.find({}, { name: 1 }).sort({ name: 1 }).lean();
  }

  async findById(id: string): Promise<CoTemplateDocument | null> {
    return this.templates.findById(id);
  }

  /** The template named `name`, else the first by name (null when there is none). */
  async findNamedOrFirst(name: string): Promise<CoTemplate | null> {
    return (
      (await this.templates.findOne({ name }).lean<CoTemplate>()) ??
      (await this.templates.findOne().sort({ name: 1 }).lean<CoTemplate>())
    );
  }

  async existsNamed(name: string): Promise<boolean> {
    return (await this.templates.exists({ name })) !== null;
  }

  async insert(
    template: Pick<CoTemplate, 'name' | 'type' | 'templateFields' | 'updatedBy'>,
  ): Promise<void> {
    await this.templates.create(template);
  }

  /**
   * Saves the texts if the template is still at `revision` (two admins saving at once cannot
   * silently lose one save); the template as saved, or null when it changed meanwhile.
   */
  async saveTextsAtRevision(
    id: Types.ObjectId,
    revision: number,
    templateFields: Record<string, string>,
    updatedBy: string,
  ): Promise<CoTemplateDocument | null> {
    return this.templates.findOneAndUpdate(
      { _id: id, revision },
      { $set: { templateFields, updatedBy }, $inc: { revision: 1 } },
      { returnDocument: 'after' },
    );
  }
}
