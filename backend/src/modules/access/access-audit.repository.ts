import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AccessAuditEntry } from './access-audit.schema';

/** The record of access changes (`access_audit`): the one owner of its model. */
@Injectable()
export class AccessAuditRepository {
  constructor(
    @InjectModel(AccessAuditEntry.name) private readonly audit: Model<AccessAuditEntry>,
  ) {}

  /** Builds the collection's indexes. */
  async ensureIndexes(): Promise<void> {
    await this.audit.init();
  }

  /** The newest `limit` entries, newest first. */
  async latest(limit: number): Promise<Array<AccessAuditEntry & { _id: unknown }>> {
    return this.audit.find().sort({ at: -1, _id: -1 }).limit(limit).lean().exec();
  }

  async append(entry: AccessAuditEntry): Promise<void> {
    await this.audit.create(entry);
  }
}
