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

  /** Files up to this size are kept in memory once stored or read (signature and initials PNGs). */
  static readonly RECENT_FILE_MAX_BYTES = 256 * 1024;

  private gridFs?: mongo.GridFSBucket;
  /** The clean-up's indexes, made on its first question. */
  private kindIndexes?: Promise<unknown>;
  /**
   * Small files this process stored or read last, by id. A stored file never changes (a new
   * content is a new id), so a copy here is the stored one: a finish stores the signature and
   * initials images and reads them back at once to stamp them (two reads per signature).
   */
  private readonly recent = new Map<string, Buffer>();
  private recentBytes = 0;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  private remember(fileId: string, bytes: Buffer): void {
    if (bytes.length > PdfFileStore.RECENT_FILE_MAX_BYTES) return;
    this.forget(fileId);
    this.recent.set(fileId, bytes);
    this.recentBytes += bytes.length;
    for (const [oldest, old] of this.recent) {
      if (this.recentBytes <= RECENT_FILES_BYTES) break;
      this.recent.delete(oldest);
      this.recentBytes -= old.length;
    }
  }

  private forget(fileId: string): void {
    const bytes = this.recent.get(fileId);
    if (!bytes) return;
    this.recent.delete(fileId);
    this.recentBytes -= bytes.length;
  }

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
    const fileId = id.toHexString();
    this.remember(fileId, bytes);
    return { fileId, sha256, size: bytes.length };
  }

  /**
   * A stored file's name and metadata, or null when no file has the id (or it is no id at
   * all): what a route that reads a file by a caller's id checks before it answers.
   */
  async describe(
    fileId: string,
  ): Promise<{ filename: string; metadata: Record<string, unknown> } | null> {
    if (!/^[0-9a-f]{24}$/i.test(fileId)) return null;
    const id = new Types.ObjectId(fileId);
    const projection = { filename: 1, metadata: 1 };
    const whole = await this.wholeFiles().findOne({ _id: id }, { projection });
    const found =
      whole ??
      (await this.bucket().find({ _id: id }, { projection }).limit(1).toArray())[0] ??
      null;
    return found ? { filename: found.filename, metadata: found.metadata ?? {} } : null;
  }

  async get(fileId: string): Promise<Buffer> {
    const recent = this.recent.get(fileId);
    if (recent) return recent;
    const id = new Types.ObjectId(fileId);
    const whole = await this.wholeFiles().findOne({ _id: id }, { projection: { bytes: 1 } });
    if (whole) {
      const value = whole.bytes.value();
      const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      this.remember(fileId, bytes);
      return bytes;
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

  /**
   * Ids of files whose metadata's `kind` is `kind`, stored before `before`, oldest first, at
   * most `limit` (a clean-up's candidates; small files and GridFS ones alike).
   */
  async idsOfKindStoredBefore(kind: string, before: Date, limit: number): Promise<string[]> {
    this.kindIndexes ??= Promise.all([
      this.wholeFiles().createIndex({ 'metadata.kind': 1, uploadedAt: 1 }),
      this.connection
        .collection(`${PdfFileStore.BUCKET}.files`)
        .createIndex({ 'metadata.kind': 1, uploadDate: 1 }),
    ]).catch(() => undefined);
    await this.kindIndexes;
    const projection = { _id: 1 };
    const [whole, large] = await Promise.all([
      this.wholeFiles()
        .find({ 'metadata.kind': kind, uploadedAt: { $lt: before } }, { projection })
        .sort({ uploadedAt: 1 })
        .limit(limit)
        .toArray(),
      this.connection
        .collection(`${PdfFileStore.BUCKET}.files`)
        .find({ 'metadata.kind': kind, uploadDate: { $lt: before } }, { projection })
        .sort({ uploadDate: 1 })
        .limit(limit)
        .toArray(),
    ]);
    return [...whole, ...large].slice(0, limit).map(({ _id }) => String(_id));
  }

  /** Removes a file; a file already gone is not an error (clean-ups may race). */
  async delete(fileId: string): Promise<void> {
    this.forget(fileId);
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

/** How many bytes of small recent files a process keeps (a few hundred signatures' images). */
const RECENT_FILES_BYTES = 8 * 1024 * 1024;
