import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import type { DocumentDraft, DocumentDraftSaved, UploadedPdf } from '@prosign/domain';
import request from 'supertest';
import { PdfFileStore } from '../src/integrations/documents';
import { plainPdf, taggedPdf } from './support/pdf-intake-fixtures';
import { seedBaseData } from './support/seed';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const DRAFTS = '/api/documents/drafts';
const OTHER_STAFF = 'cole.csm@prosign.example';

/** Collects a binary answer as a Buffer (supertest parses only text and JSON by itself). */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * The field builder's drafts and the stored upload it shows: an upload through the real route,
 * a draft from it with the intake's fields, saves guarded by revision, shapes refused with a
 * reason, and each draft and upload its creator's (or an admin's).
 */
describe('document drafts', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let admin: StaffHttp;
  let other: StaffHttp;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    admin = await staffHttp(api);
    await admin()
      .post('/api/access/user')
      .send({ email: 'cole.csm', role: ['csm'] })
      .expect(201);
    other = await staffHttp(api, OTHER_STAFF);
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  async function uploaded(by: StaffHttp, bytes: Buffer): Promise<UploadedPdf> {
    const res = await by()
      .post('/api/documents/upload')
      .attach('file', bytes, { filename: 'lease.pdf', contentType: 'application/pdf' })
      .expect(200);
    return res.body as UploadedPdf;
  }

  async function draftOf(by: StaffHttp, upload: UploadedPdf): Promise<DocumentDraft> {
    const res = await by().post(DRAFTS).send({ uploadId: upload.uploadId }).expect(201);
    return res.body as DocumentDraft;
  }

  describe('the stored upload', () => {
    it('streams the cleaned PDF inline, not stored by the browser', async () => {
      const upload = await uploaded(admin, await taggedPdf());
      const res = await admin()
        .get(`/api/documents/uploads/${upload.uploadId}/pdf`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="lease\.pdf"/);
      expect(res.headers['cache-control']).toBe('no-store');
      const bytes = res.body as Buffer;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const { createHash } = await import('node:crypto');
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(upload.sha256);
    });

    it('answers 404 for an unknown id, a malformed one, or another member’s upload', async () => {
      const upload = await uploaded(admin, await plainPdf(1));
      await admin().get('/api/documents/uploads/0123456789abcdef01234567/pdf').expect(404);
      await admin().get('/api/documents/uploads/not-an-id/pdf').expect(404);
      await other().get(`/api/documents/uploads/${upload.uploadId}/pdf`).expect(404);
    });
  });

  describe('creating and reading', () => {
    it('starts from the intake’s pages and fields, with a signer for each the tags name', async () => {
      const upload = await uploaded(admin, await taggedPdf());
      const draft = await draftOf(admin, upload);
      expect(draft).toMatchObject({
        uploadId: upload.uploadId,
        fileName: 'lease.pdf',
        placement: { pages: upload.pages, fields: upload.fields },
        createdBy: 'admin@prosign.example',
        revision: 1,
      });
      expect(draft.signers.map((signer) => signer.id)).toEqual(['signer-1', 'signer-2']);
      const read = await admin().get(`${DRAFTS}/${draft.id}`).expect(200);
      expect(read.body).toEqual(draft);
    });

    it('reads the pages from the file of an upload stored before they went with it', async () => {
      const upload = await uploaded(admin, await plainPdf(2));
      const connection = api.get<Connection>(getConnectionToken(), { strict: false });
      await connection
        .collection(PdfFileStore.COLLECTION)
        .updateOne(
          { _id: new Types.ObjectId(upload.uploadId) },
          { $unset: { 'metadata.pages': 1, 'metadata.fields': 1 } },
        );
      const draft = await draftOf(admin, upload);
      expect(draft.placement).toEqual({ pages: upload.pages, fields: [] });
    });

    it('refuses a draft of an upload that is not there or not the caller’s', async () => {
      await admin().post(DRAFTS).send({ uploadId: '0123456789abcdef01234567' }).expect(404);
      await admin().post(DRAFTS).send({}).expect(400);
      const upload = await uploaded(admin, await plainPdf(1));
      await other().post(DRAFTS).send({ uploadId: upload.uploadId }).expect(404);
    });

    it('is its creator’s and an admin’s only', async () => {
      const draft = await draftOf(other, await uploaded(other, await plainPdf(1)));
      await other().get(`${DRAFTS}/${draft.id}`).expect(200);
      await admin().get(`${DRAFTS}/${draft.id}`).expect(200);
      const mine = await draftOf(admin, await uploaded(admin, await plainPdf(1)));
      await other().get(`${DRAFTS}/${mine.id}`).expect(404);
      await other()
        .put(`${DRAFTS}/${mine.id}`)
        .send({ revision: 1, placement: mine.placement, signers: mine.signers })
        .expect(404);
      await admin().get(`${DRAFTS}/0123456789abcdef01234567`).expect(404);
    });
  });

  describe('saving', () => {
    let draft: DocumentDraft;
    const signers = [{ id: 'signer-1', role: 'signer', name: 'Ada', email: 'ada@client.test' }];
    const field = {
      id: 'f1',
      kind: 'signature',
      recipientId: 'signer-1',
      page: 1,
      rect: { x: 72, y: 72, width: 180, height: 50 },
      required: true,
      label: '',
      defaultValue: null,
      source: 'builder',
    };

    beforeAll(async () => {
      draft = await draftOf(admin, await uploaded(admin, await plainPdf(2)));
    });

    it('stores fields and signers and answers the next revision', async () => {
      const res = await admin()
        .put(`${DRAFTS}/${draft.id}`)
        .send({ revision: 1, placement: { pages: [], fields: [field] }, signers })
        .expect(200);
      expect(res.body).toEqual({ revision: 2, updatedAt: expect.any(String) });
      const read = (await admin().get(`${DRAFTS}/${draft.id}`).expect(200)).body as DocumentDraft;
      expect(read.placement).toEqual({ pages: draft.placement.pages, fields: [field] });
      expect(read.signers).toEqual(signers);
      expect(read.revision).toBe((res.body as DocumentDraftSaved).revision);
    });

    it('refuses a save over a stale revision (another tab saved) with 409', async () => {
      const body = { placement: { fields: [] }, signers };
      const current = ((await admin().get(`${DRAFTS}/${draft.id}`)).body as DocumentDraft).revision;
      await admin()
        .put(`${DRAFTS}/${draft.id}`)
        .send({ ...body, revision: current })
        .expect(200);
      const res = await admin()
        .put(`${DRAFTS}/${draft.id}`)
        .send({ ...body, revision: current })
        .expect(409);
      expect(res.body.message).toMatch(/changed elsewhere/);
    });

    it.each([
      ['a page the file does not have', { ...field, page: 3 }, /page the document does not have/],
      ['a rectangle with no size', { ...field, rect: { ...field.rect, width: 0 } }, /rectangle/],
      ['a rectangle of text', { ...field, rect: { ...field.rect, x: 'left' } }, /rectangle/],
      ['an unknown kind', { ...field, kind: 'stamp' }, /unknown kind/],
      ['a choice without a list', { ...field, kind: 'dropdown', options: 'a' }, /options/],
    ])('refuses %s with 400 and the reason', async (_case, bad, message) => {
      const current = ((await admin().get(`${DRAFTS}/${draft.id}`)).body as DocumentDraft).revision;
      const res = await admin()
        .put(`${DRAFTS}/${draft.id}`)
        .send({ revision: current, placement: { fields: [bad] }, signers })
        .expect(400);
      expect(res.body.message).toMatch(message);
    });

    it('refuses a missing revision, duplicate ids and malformed signers', async () => {
      const put = (body: object) => admin().put(`${DRAFTS}/${draft.id}`).send(body).expect(400);
      await put({ placement: { fields: [] }, signers });
      await put({ revision: 1, placement: { fields: [field, field] }, signers });
      await put({ revision: 1, placement: { fields: [] }, signers: [{ id: 'x' }] });
      await put({ revision: 1, placement: 'none', signers });
    });

    it('drops properties a field’s kind does not have', async () => {
      const current = ((await admin().get(`${DRAFTS}/${draft.id}`)).body as DocumentDraft).revision;
      await admin()
        .put(`${DRAFTS}/${draft.id}`)
        .send({ revision: current, placement: { fields: [{ ...field, script: 'x' }] }, signers })
        .expect(200);
      const read = (await admin().get(`${DRAFTS}/${draft.id}`)).body as DocumentDraft;
      expect(read.placement.fields).toEqual([field]);
    });
  });
});
