import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { createHash } from 'node:crypto';
import { mongo, Types, type Connection } from 'mongoose';

export interface StoredFile {
  fileId: string;
  sha256: string;
  size: number;
}

/**
 * Files (PDFs, signature images) in GridFS, through the driver's GridFSBucket on
 * Mongoose's connection; works on MongoDB and on FerretDB.
 */
@Injectable()
export class PdfFileStore {
  static readonly BUCKET = 'document_files';

  constructor(@InjectConnection() private readonly connection: Connection) {}

  private bucket(): mongo.GridFSBucket {
    if (!this.connection.db) throw new Error('MongoDB is not connected');
    return new mongo.GridFSBucket(this.connection.db, { bucketName: PdfFileStore.BUCKET });
  }

  async put(
    bytes: Buffer,
    filename: string,
    metadata: Record<string, unknown>,
  ): Promise<StoredFile> {
    const id = new Types.ObjectId();
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket().openUploadStreamWithId(id, filename, { metadata });
      upload.once('error', reject).once('finish', () => resolve());
      upload.end(bytes);
    });
    return {
      fileId: id.toHexString(),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    };
  }

  async get(fileId: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      this.bucket()
        .openDownloadStream(new Types.ObjectId(fileId))
        .on('data', (chunk: Buffer) => chunks.push(chunk))
        .once('error', reject)
        .once('end', () => resolve());
    });
    return Buffer.concat(chunks);
  }

  /** Removes a file; a file already gone is not an error (clean-ups may race). */
  async delete(fileId: string): Promise<void> {
    try {
      await this.bucket().delete(new Types.ObjectId(fileId));
    } catch (error) {
      if (!/not found/i.test((error as Error).message)) throw error;
    }
  }
}
