import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, mongo } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import type { Seeder } from '../../seed/seeder';
import { associationId, localCrmCollections, type RecordDoc } from './local-crm.collections';
import { localCrmDemoData, type DemoRecord } from './local-crm.demo-data';

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
    const insertMissing = async (collection: typeof db.deals, records: DemoRecord[]) => {
      const ops = records.map((record) => ({
        updateOne: {
          filter: { _id: record.id },
          update: {
            $setOnInsert: { properties: record.properties, createdAt: now, updatedAt: now },
          },
          upsert: true,
        },
      }));
      if (ops.length === 0) return 0;
      const result = await collection.bulkWrite(ops as mongo.AnyBulkWriteOperation<RecordDoc>[], {
        ordered: false,
      });
      return result.upsertedCount;
    };

    const [deals, contacts, projects] = [
      await insertMissing(db.deals, data.deals),
      await insertMissing(db.contacts, data.contacts),
      await insertMissing(db.projects, data.projects),
    ];
    for (const owner of data.owners) {
      const { _id, ...rest } = owner;
      await db.owners.updateOne({ _id }, { $setOnInsert: rest }, { upsert: true });
    }
    // Pipelines and property definitions follow configuration and the code: always replaced.
    for (const pipeline of data.pipelines) {
      const { _id, ...rest } = pipeline;
      await db.pipelines.updateOne({ _id }, { $set: rest }, { upsert: true });
    }
    for (const property of data.properties) {
      const { _id, ...rest } = property;
      await db.properties.updateOne({ _id }, { $set: rest }, { upsert: true });
    }
    let associations = 0;
    for (const link of data.associations) {
      const result = await db.associations.updateOne(
        { _id: associationId(link.fromType, link.fromId, link.toType, link.toId) },
        {
          $setOnInsert: {
            fromType: link.fromType,
            fromId: link.fromId,
            toType: link.toType,
            toId: link.toId,
            labels: link.labels,
          },
        },
        { upsert: true },
      );
      associations += result.upsertedCount;
    }
    return (
      `${data.deals.length} deals, ${data.contacts.length} contacts, ${data.projects.length} projects, ` +
      `${data.owners.length} owners (${deals + contacts + projects + associations} records new)`
    );
  }

  private async ensureIndexes(): Promise<void> {
    const db = localCrmCollections(this.connection);
    await Promise.all([
      db.associations.createIndex({ fromId: 1, toType: 1 }),
      db.associations.createIndex({ toId: 1, fromType: 1 }),
      db.contacts.createIndex({ 'properties.email': 1 }),
    ]);
  }
}
