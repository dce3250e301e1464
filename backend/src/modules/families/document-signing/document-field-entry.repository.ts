import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { FieldValue } from '@prosign/domain';
import type { Collection, Connection } from 'mongoose';
import type { PlacedAttachment } from '../../../integrations/documents';

/** A file a recipient attached to one of their fields (the bytes in the document store). */
export interface StoredAttachment extends PlacedAttachment {
  fieldId: string;
  uploadedAt: Date;
}

/**
 * What one recipient of a "document" agreement filled before finishing. Values and attachments
 * are lists keyed by `fieldId`, not objects keyed by it: a field's id may come from the PDF's
 * own form (`form1[0].name`), and a dot is no safe key in a stored object.
 */
export interface DocumentFieldEntryDoc {
  /** `${agreementId}:${recipientId}`: one entry per recipient. */
  _id: string;
  agreementId: string;
  recipientId: string;
  /**
   * Whose they are: the recipient's e-mail (lower case) when saved. A place handed over to
   * someone else starts empty: what the first person filled or attached is never theirs.
   */
  heldBy: string;
  /** The values given, a cleared one as null (it then hides the field's default). */
  values: Array<{ fieldId: string; value: FieldValue }>;
  /** At most one per field: a new upload replaces the previous one. */
  attachments: StoredAttachment[];
  /** Moves on with each save: two saves over the same read land once. */
  revision: number;
  updatedAt: Date;
}

export type FieldEntryChange = Pick<DocumentFieldEntryDoc, 'heldBy' | 'values' | 'attachments'>;

/** The only reader and writer of `document_field_entries`. */
@Injectable()
export class DocumentFieldEntryRepository implements OnModuleInit {
  private readonly entries: Collection<DocumentFieldEntryDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.entries = connection.collection<DocumentFieldEntryDoc>(
      'document_field_entries',
    ) as unknown as Collection<DocumentFieldEntryDoc>;
  }

  /** Every recipient's entry of one agreement (the certificate's attachments, a staff download). */
  async onModuleInit(): Promise<void> {
    await this.entries.createIndex({ agreementId: 1 }).catch(() => undefined);
  }

  find(agreementId: string, recipientId: string): Promise<DocumentFieldEntryDoc | null> {
    return this.entries.findOne({ _id: entryId(agreementId, recipientId) });
  }

  listOf(agreementId: string): Promise<DocumentFieldEntryDoc[]> {
    return this.entries.find({ agreementId }).toArray();
  }

  /**
   * Saves the recipient's values and attachments over the entry `read` (null: none yet), in one
   * write conditioned on its revision; false when another save landed first (read again).
   */
  async save(
    agreementId: string,
    recipientId: string,
    read: Pick<DocumentFieldEntryDoc, 'revision'> | null,
    change: FieldEntryChange,
    now = new Date(),
  ): Promise<boolean> {
    const _id = entryId(agreementId, recipientId);
    if (!read) {
      try {
        await this.entries.insertOne({
          _id,
          agreementId,
          recipientId,
          ...change,
          revision: 1,
          updatedAt: now,
        });
        return true;
      } catch (error) {
        if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
        throw error;
      }
    }
    const { matchedCount } = await this.entries.updateOne(
      { _id, revision: read.revision },
      { $set: { ...change, updatedAt: now }, $inc: { revision: 1 } },
    );
    return matchedCount === 1;
  }
}

const DUPLICATE_KEY = 11000;

function entryId(agreementId: string, recipientId: string): string {
  return `${agreementId}:${recipientId}`;
}
