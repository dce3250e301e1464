import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { TermsVersion } from './terms-version.schema';

@Injectable()
export class TermsRepository {
  constructor(@InjectModel(TermsVersion.name) private readonly model: Model<TermsVersion>) {}

  /** The current terms: the newest version. */
  latest(): Promise<TermsVersion | null> {
    return this.model.findOne().sort({ createdAt: -1, _id: -1 }).lean<TermsVersion>();
  }

  async append(content: string, createdBy: string): Promise<TermsVersion> {
    const created = await this.model.create({ content, createdBy });
    return created.toObject();
  }

  async recordOutcome(id: Types.ObjectId, updated: number, failed: number): Promise<void> {
    await this.model.updateOne(
      { _id: id },
      { $set: { servicesUpdated: updated, servicesFailed: failed } },
    );
  }

  count(): Promise<number> {
    return this.model.countDocuments();
  }
}
