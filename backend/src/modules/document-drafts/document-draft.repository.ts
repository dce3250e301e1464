import { Injectable } from '@nestjs/common';
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
export class DocumentDraftRepository {
  private readonly drafts: Collection<DocumentDraftDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.drafts = connection.collection<DocumentDraftDoc>(
      'document_drafts',
    ) as unknown as Collection<DocumentDraftDoc>;
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
