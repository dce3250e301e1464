import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Migration } from '../platform/migrations/migration';

const DUPLICATE_KEY = 11000;
/** The derived kinds: their ids were the derivation key (24 hex of a SHA-256) before ids were random. */
const DERIVED_KINDS = ['audit-trail', 'combined', 'void'];

interface DerivedDocumentIdRecord {
  _id: string;
  docId: string;
  createdAt: Date;
}

/**
 * A derived document (audit trail, sealed or void copy) made before ids were drawn at random
 * has its derivation key as its id. Its key is recorded as naming itself in
 * `derived_document_ids`, so a build of the same document finds it there, as it finds every
 * other, and no build asks first whether a document has the key as its id.
 */
@Injectable()
export class DerivedIdsOfHashDocuments implements Migration {
  readonly id = '2026-12-06-derived-ids-of-hash-documents';

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async up(): Promise<string> {
    const documents = this.connection.collection<{ _id: string; kind: string }>('documents');
    const ids = this.connection.collection<DerivedDocumentIdRecord>('derived_document_ids');
    const hashIdentified = await documents
      .find(
        { kind: { $in: DERIVED_KINDS }, _id: { $regex: '^[0-9a-f]{24}$' } },
        { projection: { _id: 1 } },
      )
      .toArray();
    let recorded = 0;
    for (const { _id } of hashIdentified) {
      try {
        await ids.insertOne({ _id, docId: _id, createdAt: new Date() });
        recorded += 1;
      } catch (error) {
        // Recorded already (a build of it since, or a run cut short): it names the same id.
        if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      }
    }
    return `${recorded} of ${hashIdentified.length} hash-identified derived document(s) recorded`;
  }
}
