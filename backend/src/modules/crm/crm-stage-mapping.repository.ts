import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { CrmPipelineStageRules } from '@prosign/domain';
import type { Connection } from 'mongoose';

/** An admin's stage rules for one pipeline. */
export interface CrmStageMappingDoc {
  /** The pipeline's id. */
  _id: string;
  rules: CrmPipelineStageRules;
  updatedBy: string;
  updatedAt: Date;
}

/** The `crm_stage_mappings` collection: one document per pipeline an admin saved. */
@Injectable()
export class CrmStageMappingRepository {
  private readonly collection;

  constructor(@InjectConnection() connection: Connection) {
    this.collection = connection.collection<CrmStageMappingDoc>('crm_stage_mappings');
  }

  async all(): Promise<CrmStageMappingDoc[]> {
    return this.collection.find({}).toArray();
  }

  async find(pipelineId: string): Promise<CrmStageMappingDoc | null> {
    return this.collection.findOne({ _id: pipelineId });
  }

  async save(pipelineId: string, rules: CrmPipelineStageRules, updatedBy: string): Promise<void> {
    await this.collection.updateOne(
      { _id: pipelineId },
      { $set: { rules, updatedBy, updatedAt: new Date() } },
      { upsert: true },
    );
  }
}
