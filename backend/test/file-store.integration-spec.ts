import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { randomBytes } from 'node:crypto';
import { mongo, Types, type Connection } from 'mongoose';
import { PdfFileStore } from '../src/integrations/documents/store/pdf-file.store';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/** Stored PDFs and signature images: one document each by `_id`, GridFS for large and older files. */
describe('file store', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let store: PdfFileStore;
  let connection: Connection;

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config));
    store = api.get(PdfFileStore, { strict: false });
    connection = api.get<Connection>(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const bucket = () => new mongo.GridFSBucket(connection.db!, { bucketName: PdfFileStore.BUCKET });
  const inGridFs = async (fileId: string) =>
    (
      await bucket()
        .find({ _id: new Types.ObjectId(fileId) })
        .toArray()
    ).length;
  const wholeFile = (fileId: string) =>
    connection.collection(PdfFileStore.COLLECTION).findOne({ _id: new Types.ObjectId(fileId) });

  it('keeps a PDF as one document by id and reads back the same bytes', async () => {
    const bytes = randomBytes(40_000);
    const stored = await store.put(bytes, 'agreement.pdf', { documentId: 'doc-1' });

    expect(Buffer.compare(await store.get(stored.fileId), bytes)).toBe(0);
    expect(stored.size).toBe(40_000);
    expect(await wholeFile(stored.fileId)).toMatchObject({
      filename: 'agreement.pdf',
      metadata: { documentId: 'doc-1' },
      size: 40_000,
      sha256: stored.sha256,
    });
    expect(await inGridFs(stored.fileId)).toBe(0);

    await store.delete(stored.fileId);
    expect(await wholeFile(stored.fileId)).toBeNull();
    await expect(store.delete(stored.fileId)).resolves.toBeUndefined();
  });

  it('still reads and deletes files stored in GridFS before', async () => {
    const bytes = randomBytes(600_000); // three GridFS chunks
    const id = new Types.ObjectId();
    await new Promise<void>((resolve, reject) => {
      const upload = bucket().openUploadStreamWithId(id, 'older.pdf');
      upload.once('error', reject).once('finish', () => resolve());
      upload.end(bytes);
    });

    expect(Buffer.compare(await store.get(id.toHexString()), bytes)).toBe(0);
    await store.delete(id.toHexString());
    expect(await inGridFs(id.toHexString())).toBe(0);
  });

  it('puts a file too large for one document in GridFS', async () => {
    const bytes = randomBytes(PdfFileStore.WHOLE_FILE_MAX_BYTES + 1);
    const stored = await store.put(bytes, 'huge.pdf', {});

    expect(await wholeFile(stored.fileId)).toBeNull();
    expect(await inGridFs(stored.fileId)).toBe(1);
    expect(Buffer.compare(await store.get(stored.fileId), bytes)).toBe(0);
  }, 120_000);
});
