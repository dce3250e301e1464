import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { insertIfAbsent } from '../../platform/database/insert-if-absent';
import { AppConfig } from '../../platform/config/app-config';
import type { Seeder } from '../../platform/database/seeder';
import {
  associationId,
  localCrmCollections,
  recordKeys,
  type CrmObjectType,
} from './local-crm.collections';
import { localCrmDemoData } from './local-crm.demo-data';

/**
 * Seeds the local CRM's demo data. Records are inserted only when absent, so a
 * stage move or property update made while using the product survives the
 * next `npm start`. Does nothing when the CRM is HubSpot.
 */
@Injectable()
export class LocalCrmSeeder implements Seeder {
  readonly name = 'local CRM';

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly config: AppConfig,
  ) {}

  async seed(): Promise<string> {
    if (this.config.CRM_ADAPTER !== 'local') return 'skipped (CRM_ADAPTER is not local)';
    const db = localCrmCollections(this.connection);
    const data = localCrmDemoData(this.config);
    await this.ensureIndexes();

    const now = new Date();
    const records = (type: CrmObjectType, list: typeof data.deals) =>
      list.map((r) => ({
        _id: r.id,
        properties: r.properties,
        ...recordKeys(type, r.properties),
        createdAt: now,
        updatedAt: now,
      }));
    const inserted = [
      await insertIfAbsent(db.deals, records('deals', data.deals)),
      await insertIfAbsent(db.contacts, records('contacts', data.contacts)),
      await insertIfAbsent(db.projects, records('projects', data.projects)),
      await insertIfAbsent(db.owners, data.owners),
      await insertIfAbsent(
        db.associations,
        data.associations.map((link) => ({
          _id: associationId(link.fromType, link.fromId, link.toType, link.toId),
          ...link,
        })),
      ),
    ].reduce((sum, n) => sum + n, 0);
    await this.keyContactsByEmail();
    // Pipelines and property definitions follow configuration and the code: always replaced.
    for (const pipeline of data.pipelines) {
      const { _id, ...rest } = pipeline;
      await db.pipelines.updateOne({ _id }, { $set: rest }, { upsert: true });
    }
    for (const property of data.properties) {
      const { _id, ...rest } = property;
      await db.properties.updateOne({ _id }, { $set: rest }, { upsert: true });
    }
    return (
      `${data.deals.length} deals, ${data.contacts.length} contacts, ${data.projects.length} projects, ` +
      `${data.owners.length} owners (${inserted} records new)`
    );
  }

  /**
   * Gives the lookup key to contacts stored before contacts had one (or written around the
   * adapter), so a lookup by e-mail finds them; a no-op read once every contact has it.
   */
  private async keyContactsByEmail(): Promise<void> {
    const db = localCrmCollections(this.connection);
    const unkeyed = db.contacts.find(
      { emailKey: { $exists: false }, 'properties.email': { $type: 'string' } },
      { projection: { 'properties.email': 1 } },
    );
    for await (const contact of unkeyed) {
      const keys = recordKeys('contacts', contact.properties);
      if (keys.emailKey) await db.contacts.updateOne({ _id: contact._id }, { $set: keys });
    }
  }

  private async ensureIndexes(): Promise<void> {
    const db = localCrmCollections(this.connection);
    await Promise.all([
      db.associations.createIndex({ fromId: 1, toType: 1 }),
      db.associations.createIndex({ toId: 1, fromType: 1 }),
      db.contacts.createIndex({ emailKey: 1 }),
      // A CRM write searches for its note and file before creating them.
      db.notes.createIndex({ marker: 1 }),
      db.notes.createIndex({ 'on.id': 1, timestamp: -1 }),
      db.files.createIndex({ folder: 1, name: 1 }),
      db.stageHistory.createIndex({ dealId: 1, at: -1 }),
    ]);
  }
}
