import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type {
  DocumentTemplateVersionRef,
  DraftSigner,
  Field,
  PlacementPage,
} from '@prosign/domain';
import type { Collection, Connection } from 'mongoose';

/** A draft as stored: the builder's work on one uploaded PDF (libs/domain document-draft.ts). */
export interface DocumentDraftDoc {
  _id: string;
  uploadId: string;
  fileName: string;
  placement: { pages: PlacementPage[]; fields: Field[] };
  signers: DraftSigner[];
  /** The creator's e-mail: with admins, the only one who reads or writes it. */
  createdBy: string;
  updatedAt: Date;
  revision: number;
  /** The template version it was made from; absent on drafts of an upload. */
  template?: DocumentTemplateVersionRef;
}

/** The only reader and writer of `document_drafts`; reads and writes go by `_id`. */
@Injectable()
export class DocumentDraftRepository implements OnModuleInit {
  private readonly drafts: Collection<DocumentDraftDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.drafts = connection.collection<DocumentDraftDoc>(
      'document_drafts',
    ) as unknown as Collection<DocumentDraftDoc>;
  }

  /** The clean-up's questions (modules/document-cleanup): drafts untouched since, an upload's drafts. */
  async onModuleInit(): Promise<void> {
    await Promise.all([
      this.drafts.createIndex({ updatedAt: 1 }).catch(() => undefined),
      this.drafts.createIndex({ uploadId: 1 }).catch(() => undefined),
    ]);
  }

  /** Deletes the drafts last saved before `before`; how many went. */
  async deleteUntouchedBefore(before: Date): Promise<number> {
    const { deletedCount } = await this.drafts.deleteMany({ updatedAt: { $lt: before } });
    return deletedCount;
  }

  /** Whether a draft uses the upload (a clean-up of uploads keeps its file). */
  async usesUpload(uploadId: string): Promise<boolean> {
    return (await this.drafts.countDocuments({ uploadId }, { limit: 1 })) > 0;
  }

  async insert(draft: DocumentDraftDoc): Promise<void> {
    await this.drafts.insertOne(draft);
  }

  findById(id: string): Promise<DocumentDraftDoc | null> {
    return this.drafts.findOne({ _id: id });
  }

  /**
   * Saves fields and signers over revision `revision` and moves it on by one, in one write
   * conditioned on the revision, so of two tabs saving over the same one only the first lands.
   * Null when the stored revision is another (or the draft is gone).
   */
  async save(
    id: string,
    revision: number,
    change: { fields: Field[]; signers: DraftSigner[]; updatedAt: Date },
  ): Promise<DocumentDraftDoc | null> {
    return this.drafts.findOneAndUpdate(
      { _id: id, revision },
      {
        $set: {
          'placement.fields': change.fields,
          signers: change.signers,
          updatedAt: change.updatedAt,
        },
        $inc: { revision: 1 },
      },
      { returnDocument: 'after' },
    );
  }
}
