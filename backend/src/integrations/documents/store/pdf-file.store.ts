import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { createHash } from 'node:crypto';
import { mongo, Types, type Connection } from 'mongoose';

export interface StoredFile {
  fileId: string;
  sha256: string;
  size: number;
}

/** A file small enough for one document: its bytes beside its name, read by `_id`. */
interface WholeFile {
  _id: Types.ObjectId;
  filename: string;
  metadata: Record<string, unknown>;
  size: number;
  sha256: string;
  bytes: mongo.Binary;
  uploadedAt: Date;
}

/**
 * Files (PDFs, signature images). One document per file, read and written by
 * `_id`, as MongoDB advises for files under its 16 MB document limit: one
 * round trip on the primary key, where GridFS takes a files read and a
 * chunks query (which the embedded database answers by reading every chunk
 * of every file). Larger files, and files stored before this, are in GridFS.
 */
@Injectable()
export class PdfFileStore {
  static readonly COLLECTION = 'stored_files';
  static readonly BUCKET = 'document_files';
  /** Below MongoDB's 16 MiB document limit with room for the fields beside the bytes. */
  static readonly WHOLE_FILE_MAX_BYTES = 15 * 1024 * 1024;

  private gridFs?: mongo.GridFSBucket;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  private wholeFiles() {
    return this.connection.collection<WholeFile>(PdfFileStore.COLLECTION);
  }

  /** One bucket for the process: a new one checks GridFS's indexes again on its first upload. */
  private bucket(): mongo.GridFSBucket {
    if (!this.connection.db) throw new Error('MongoDB is not connected');
    this.gridFs ??= new mongo.GridFSBucket(this.connection.db, { bucketName: PdfFileStore.BUCKET });
    return this.gridFs;
  }

  async put(
    bytes: Buffer,
    filename: string,
    metadata: Record<string, unknown>,
  ): Promise<StoredFile> {
    const id = new Types.ObjectId();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (bytes.length <= PdfFileStore.WHOLE_FILE_MAX_BYTES) {
      await this.wholeFiles().insertOne({
        _id: id,
        filename,
        metadata,
        size: bytes.length,
        sha256,
        bytes: new mongo.Binary(bytes),
        uploadedAt: new Date(),
      });
    } else {
      await new Promise<void>((resolve, reject) => {
        const upload = this.bucket().openUploadStreamWithId(id, filename, { metadata });
        upload.once('error', reject).once('finish', () => resolve());
        upload.end(bytes);
      });
    }
    return { fileId: id.toHexString(), sha256, size: bytes.length };
  }

  async get(fileId: string): Promise<Buffer> {
    const id = new Types.ObjectId(fileId);
    const whole = await this.wholeFiles().findOne({ _id: id }, { projection: { bytes: 1 } });
    if (whole) {
      const bytes = whole.bytes.value();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      this.bucket()
        .openDownloadStream(id)
        .on('data', (chunk: Buffer) => chunks.push(chunk))
        .once('error', reject)
        .once('end', () => resolve());
    });
    return Buffer.concat(chunks);
  }

  /** Removes a file; a file already gone is not an error (clean-ups may race). */
  async delete(fileId: string): Promise<void> {
    const id = new Types.ObjectId(fileId);
    const { deletedCount } = await this.wholeFiles().deleteOne({ _id: id });
    if (deletedCount > 0) return;
    try {
      await this.bucket().delete(id);
    } catch (error) {
      if (!/not found/i.test((error as Error).message)) throw error;
    }
  }
}
