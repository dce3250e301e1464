import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { SignatureSlot } from './document-content';
import { DocumentRecord, type StoredPdf } from './document.schema';
import { PdfFileStore } from './pdf-file.store';

/**
 * Document records and their stored PDFs. A PDF is produced by a pure function
 * of the record, so whoever renders a revision first (a queue job or a request
 * that could not wait) stores it and everyone else reads it.
 */
@Injectable()
export class DocumentRepository {
  constructor(
    @InjectModel(DocumentRecord.name) readonly model: Model<DocumentRecord>,
    private readonly files: PdfFileStore,
  ) {}

  async find(docId: string): Promise<DocumentRecord | null> {
    return this.model.findById(docId).lean<DocumentRecord>();
  }

  async get(docId: string): Promise<DocumentRecord> {
    const record = await this.find(docId);
    if (!record) throw new NotFoundException(`Document ${docId} not found`);
    return record;
  }

  /** The stored PDF if it renders the record's current revision. */
  async readCurrentPdf(record: DocumentRecord): Promise<Buffer | null> {
    if (!record.pdf || record.pdf.revision !== record.revision) return null;
    return this.files.get(record.pdf.fileId);
  }

  /**
   * Stores the PDF of `revision` unless the record has moved on or another
   * process stored it first; one conditional update keeps the record consistent.
   */
  async storePdf(
    record: DocumentRecord,
    bytes: Buffer,
    pageCount: number,
    slots: SignatureSlot[] = [],
  ): Promise<StoredPdf> {
    const file = await this.files.put(bytes, `${record._id}-r${record.revision}.pdf`, {
      documentId: record._id,
      revision: record.revision,
    });
    const pdf: StoredPdf = { ...file, revision: record.revision, pageCount, slots };
    const updated = await this.model.updateOne(
      {
        _id: record._id,
        revision: record.revision,
        $or: [{ pdf: { $exists: false } }, { pdf: null }, { 'pdf.revision': { $lt: record.revision } }],
      },
      { $set: { pdf } },
    );
    if (updated.modifiedCount === 0) {
      await this.files.delete(file.fileId);
    } else if (record.pdf && record.pdf.fileId !== file.fileId) {
      await this.files.delete(record.pdf.fileId);
    }
    return pdf;
  }

  putFile(bytes: Buffer, filename: string, metadata: Record<string, unknown>) {
    return this.files.put(bytes, filename, metadata);
  }

  getFile(fileId: string): Promise<Buffer> {
    return this.files.get(fileId);
  }
}
