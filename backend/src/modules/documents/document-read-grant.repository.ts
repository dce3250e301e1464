import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';

/**
 * A cc recipient's read grant. The grant itself is a random value that
 * names nothing; only its SHA-256 is stored, as `_id`, so the collection opens no document.
 */
export interface DocumentReadGrantDoc {
  /** SHA-256 of the grant, base64url. */
  _id: string;
  /** The one document it opens. */
  docId: string;
  /** The agreement it was issued for: a void, cancelled or deleted one ends it. */
  agreementId: string;
  expiresAt: Date;
  createdAt: Date;
}

/**
 * The only reader and writer of `document_read_grants`. Reads go by `_id`; expired grants
 * are removed by a TTL index where the database has them (MongoDB), else swept when grants
 * are issued (the embedded FerretDB v1 refuses `expireAfterSeconds`); a read checks the
 * expiry itself either way.
 */
@Injectable()
export class DocumentReadGrantRepository implements OnModuleInit {
  private readonly logger = new Logger(DocumentReadGrantRepository.name);
  private readonly grants: Collection<DocumentReadGrantDoc>;
  private ttl = false;
  private lastSweep = 0;

  constructor(@InjectConnection() connection: Connection) {
    this.grants = connection.collection<DocumentReadGrantDoc>(
      'document_read_grants',
    ) as unknown as Collection<DocumentReadGrantDoc>;
  }

  async onModuleInit(): Promise<void> {
    try {
      await this.grants.createIndex(
        { expiresAt: 1 },
        { name: 'expiresAt_ttl', expireAfterSeconds: 0 },
      );
      this.ttl = true;
    } catch (error) {
      this.logger.log(
        `no TTL index on document_read_grants (${(error as Error).message}): expired grants are swept`,
      );
      await this.grants
        .createIndex({ expiresAt: 1 }, { name: 'expiresAt_1' })
        .catch(() => undefined);
    }
  }

  async insert(doc: DocumentReadGrantDoc): Promise<void> {
    await this.grants.insertOne(doc);
    await this.sweep(doc.createdAt);
  }

  findById(id: string): Promise<DocumentReadGrantDoc | null> {
    return this.grants.findOne({ _id: id });
  }

  /** Removes expired grants (where no TTL index does), at most every minute. */
  private async sweep(now: Date): Promise<void> {
    if (this.ttl || now.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = now.getTime();
    await this.grants
      .deleteMany({ expiresAt: { $lte: now } })
      .catch((error: unknown) =>
        this.logger.warn(`read grant sweep failed: ${(error as Error).message}`),
      );
  }
}
