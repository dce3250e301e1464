import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type {
  AgreementPage,
  DocumentDraft,
  DocumentTemplate,
  DocumentTemplateSummary,
  UploadedPdf,
} from '@prosign/domain';
import { DocumentTemplateRepository } from '../src/modules/document-templates/document-template.repository';
import { plainPdf } from './support/pdf-intake-fixtures';
import { seedBaseData } from './support/seed';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const TEMPLATES = '/api/documents/templates';
const DRAFTS = '/api/documents/drafts';
const OTHER_STAFF = 'cole.csm@prosign.example';

/** A signature field for `recipientId` on page 1 of a US Letter page. */
const signatureFor = (id: string, recipientId: string | null, y = 72) => ({
  id,
  kind: 'signature',
  recipientId,
  page: 1,
  rect: { x: 72, y, width: 180, height: 50 },
  required: true,
  label: '',
  defaultValue: null,
  source: 'builder',
});

/**
 * Templates of prepared documents, over the real database: saved from a builder draft with a
 * role for each recipient, versioned (old versions stay readable, a draft keeps the version it
 * was made from), listed newest first, searched, archived, and used by another staff member to
 * make a draft with a person for each role.
 */
describe('document templates', () => {
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

  async function uploaded(by: StaffHttp, bytes: Buffer, filename: string): Promise<UploadedPdf> {
    const res = await by()
      .post('/api/documents/upload')
      .attach('file', bytes, { filename, contentType: 'application/pdf' })
      .expect(200);
    return res.body as UploadedPdf;
  }

  /** A draft of a one-page upload with a client, an engineer and the firm's countersigner. */
  async function preparedDraft(by: StaffHttp, filename = 'lien-waiver.pdf') {
    const upload = await uploaded(by, await plainPdf(1), filename);
    const draft = (await by().post(DRAFTS).send({ uploadId: upload.uploadId }).expect(201))
      .body as DocumentDraft;
    const signers = [
      { id: 'recipient-7', role: 'signer', name: 'Ada Client', email: 'ada@client.test' },
      { id: 'recipient-3', role: 'signer', name: 'Eli Engineer', email: 'eli@eng.test' },
      { id: 'firm', role: 'countersigner', name: 'Pat', email: 'pat@prosign.example' },
    ];
    const fields = [
      signatureFor('client-sign', 'recipient-7', 72),
      signatureFor('engineer-sign', 'recipient-3', 200),
      signatureFor('firm-sign', 'firm', 400),
    ];
    await by()
      .put(`${DRAFTS}/${draft.id}`)
      .send({ revision: 1, placement: { fields }, signers })
      .expect(200);
    return { upload, draftId: draft.id };
  }

  const roles = [
    { id: 'recipient-7', name: 'Client' },
    { id: 'recipient-3', name: 'Engineer of record' },
    { id: 'firm', name: 'Firm' },
  ];

  async function savedTemplate(name: string, filename?: string): Promise<DocumentTemplate> {
    const { draftId } = await preparedDraft(admin, filename);
    const res = await admin().post(TEMPLATES).send({ draftId, name, roles }).expect(201);
    return res.body as DocumentTemplate;
  }

  describe('saving', () => {
    it('keeps the upload and fields with roles as signer-n in signing order and firm', async () => {
      const { upload, draftId } = await preparedDraft(admin);
      const res = await admin()
        .post(TEMPLATES)
        .send({ draftId, name: '  Lien waiver  ', roles })
        .expect(201);
      const template = res.body as DocumentTemplate;
      expect(template).toMatchObject({
        name: 'Lien waiver',
        version: 1,
        uploadId: upload.uploadId,
        fileName: 'lien-waiver.pdf',
        pageCount: 1,
        fieldCount: 3,
        archived: false,
        updatedBy: 'admin@prosign.example',
        roles: [
          { id: 'signer-1', name: 'Client' },
          { id: 'signer-2', name: 'Engineer of record' },
          { id: 'firm', name: 'Firm' },
        ],
      });
      expect(template.placement.fields.map((field) => [field.id, field.recipientId])).toEqual([
        ['client-sign', 'signer-1'],
        ['engineer-sign', 'signer-2'],
        ['firm-sign', 'firm'],
      ]);
      const read = await other().get(`${TEMPLATES}/${template.id}`).expect(200);
      expect(read.body).toEqual(template);
    });

    it('refuses, naming each reason, fields whose recipient has no role, and nothing is stored', async () => {
      const { draftId } = await preparedDraft(admin, 'refused-roles.pdf');
      const res = await admin()
        .post(TEMPLATES)
        .send({ draftId, name: 'Refused', roles: [{ id: 'recipient-7', name: 'Client' }] })
        .expect(400);
      expect(res.body.message).toEqual([
        'The signature field on page 1 is for a recipient with no role: name their role.',
      ]);
      const unnamed = await admin()
        .post(TEMPLATES)
        .send({ draftId, name: '', roles: roles.map((role) => ({ ...role, name: '' })) })
        .expect(400);
      expect(unnamed.body.message).toEqual(['Give the template a name.']);
      const blankRoles = await admin()
        .post(TEMPLATES)
        .send({
          draftId,
          name: 'Refused',
          roles: [...roles.slice(0, 2), { id: 'ghost', name: 'Ghost' }],
        })
        .expect(400);
      expect(blankRoles.body.message).toEqual([
        'The role “Ghost” is for no one who signs this document.',
        'The signature field on page 1 is for a recipient with no role: name their role.',
      ]);
      const list = await admin().get(TEMPLATES).query({ search: 'refused' }).expect(200);
      expect((list.body as AgreementPage<DocumentTemplateSummary>).total).toBe(0);
    });

    it('refuses an unassigned field, and another member’s draft as no such draft', async () => {
      const upload = await uploaded(admin, await plainPdf(1), 'loose.pdf');
      const draft = (await admin().post(DRAFTS).send({ uploadId: upload.uploadId }).expect(201))
        .body as DocumentDraft;
      await admin()
        .put(`${DRAFTS}/${draft.id}`)
        .send({
          revision: 1,
          placement: { fields: [signatureFor('a', 'signer-1'), signatureFor('b', null, 300)] },
          signers: draft.signers,
        })
        .expect(200);
      const res = await admin()
        .post(TEMPLATES)
        .send({ draftId: draft.id, name: 'Loose', roles: [{ id: 'signer-1', name: 'Client' }] })
        .expect(400);
      expect(res.body.message).toEqual([
        'The signature field on page 1 is not assigned to anyone.',
      ]);
      await other()
        .post(TEMPLATES)
        .send({ draftId: draft.id, name: 'Loose', roles: [{ id: 'signer-1', name: 'Client' }] })
        .expect(404);
    });
  });

  describe('versions', () => {
    it('saves a new version and keeps the old one readable as it was', async () => {
      const first = await savedTemplate('Subcontract');
      const moved = first.placement.fields.map((field) =>
        field.id === 'client-sign' ? { ...field, rect: { ...field.rect, y: 600 } } : field,
      );
      const res = await other()
        .put(`${TEMPLATES}/${first.id}`)
        .send({
          name: 'Subcontract (2027)',
          placement: { fields: moved },
          roles: [{ id: 'firm', name: 'Firm' }, ...first.roles.slice(0, 2).reverse()],
        })
        .expect(200);
      const second = res.body as DocumentTemplate;
      expect(second).toMatchObject({
        id: first.id,
        version: 2,
        name: 'Subcontract (2027)',
        uploadId: first.uploadId,
        updatedBy: OTHER_STAFF,
        // The roles' order is the signing order; the firm countersigns last.
        roles: [
          { id: 'signer-1', name: 'Engineer of record' },
          { id: 'signer-2', name: 'Client' },
          { id: 'firm', name: 'Firm' },
        ],
      });
      expect(second.placement.fields.map((field) => [field.id, field.recipientId])).toEqual([
        ['client-sign', 'signer-2'],
        ['engineer-sign', 'signer-1'],
        ['firm-sign', 'firm'],
      ]);
      expect(second.placement.fields.find((field) => field.id === 'client-sign')!.rect.y).toBe(600);

      const newest = await admin().get(`${TEMPLATES}/${first.id}`).expect(200);
      expect(newest.body).toEqual(second);
      const old = await admin().get(`${TEMPLATES}/${first.id}`).query({ version: 1 }).expect(200);
      expect(old.body).toEqual(first);
      await admin().get(`${TEMPLATES}/${first.id}`).query({ version: 3 }).expect(404);
      await admin().get(`${TEMPLATES}/${first.id}`).query({ version: 'two' }).expect(400);

      const listed = await admin().get(TEMPLATES).query({ search: 'subcontract' }).expect(200);
      expect(
        (listed.body as AgreementPage<DocumentTemplateSummary>).rows.map((row) => row.version),
      ).toEqual([2]);
    });

    it('saves a version from a draft (a new upload) and keeps every version’s upload', async () => {
      const first = await savedTemplate('Change order paper');
      const { upload, draftId } = await preparedDraft(admin, 'change-order-v2.pdf');
      const res = await admin()
        .put(`${TEMPLATES}/${first.id}`)
        .send({ draftId, name: 'Change order paper', roles })
        .expect(200);
      expect(res.body).toMatchObject({
        version: 2,
        uploadId: upload.uploadId,
        fileName: 'change-order-v2.pdf',
      });
      const repository = api.get(DocumentTemplateRepository);
      expect(await repository.usesUpload(first.uploadId)).toBe(true);
      expect(await repository.usesUpload(upload.uploadId)).toBe(true);
      expect(await repository.usesUpload('0123456789abcdef01234567')).toBe(false);
    });

    it('refuses a version of a template that does not exist, and a placement off the file', async () => {
      await admin()
        .put(`${TEMPLATES}/0123456789abcdef01234567`)
        .send({ name: 'X', placement: { fields: [] }, roles })
        .expect(404);
      const template = await savedTemplate('Off the page');
      const res = await admin()
        .put(`${TEMPLATES}/${template.id}`)
        .send({
          name: 'Off the page',
          placement: { fields: [{ ...template.placement.fields[0], page: 2 }] },
          roles: template.roles,
        })
        .expect(400);
      expect(res.body.message).toMatch(/page the document does not have/);
      const read = await admin().get(`${TEMPLATES}/${template.id}`).expect(200);
      expect((read.body as DocumentTemplate).version).toBe(1);
    });
  });

  describe('the list', () => {
    it('lists newest first, searches name and file name, pages, and moves archived ones aside', async () => {
      const older = await savedTemplate('Zeta NDA', 'mutual-nda.pdf');
      const newer = await savedTemplate('Zeta W-9', 'irs-form.pdf');
      const page = async (query: Record<string, string>) =>
        (await admin().get(TEMPLATES).query(query).expect(200))
          .body as AgreementPage<DocumentTemplateSummary>;

      expect((await page({ search: 'zeta' })).rows.map((row) => row.id)).toEqual([
        newer.id,
        older.id,
      ]);
      expect((await page({ search: 'MUTUAL-nda' })).rows.map((row) => row.name)).toEqual([
        'Zeta NDA',
      ]);
      const first = await page({ search: 'zeta', limit: '10', page: '1' });
      expect(first).toMatchObject({ total: 2, totalPages: 1, page: 1, limit: 10 });
      expect((await page({ search: 'zeta', page: '2', limit: '10' })).rows).toEqual([]);
      await admin().get(TEMPLATES).query({ limit: '7' }).expect(400);
      await admin().get(TEMPLATES).query({ archived: 'maybe' }).expect(400);

      const archived = await admin().post(`${TEMPLATES}/${older.id}/archive`).expect(200);
      expect(archived.body).toMatchObject({ id: older.id, archived: true });
      expect((await page({ search: 'zeta' })).rows.map((row) => row.id)).toEqual([newer.id]);
      expect((await page({ search: 'zeta', archived: 'true' })).rows.map((row) => row.id)).toEqual([
        older.id,
      ]);

      await admin().post(`${TEMPLATES}/${older.id}/unarchive`).expect(200);
      expect((await page({ search: 'zeta' })).total).toBe(2);
      await admin().post(`${TEMPLATES}/0123456789abcdef01234567/archive`).expect(404);
    });
  });

  describe('a draft from a template', () => {
    it('names a person for each role and keeps the version it was made from', async () => {
      const first = await savedTemplate('Engineering services');
      await admin()
        .put(`${TEMPLATES}/${first.id}`)
        .send({ name: 'Engineering services', placement: first.placement, roles: first.roles })
        .expect(200);
      const people = {
        'signer-1': { name: 'Ann Lee', email: 'ann@client.test' },
        'signer-2': { name: 'Bo Kim', email: 'bo@eng.test' },
        firm: { name: 'Cole', email: OTHER_STAFF },
      };
      const res = await other()
        .post(`${TEMPLATES}/${first.id}/drafts`)
        .send({ version: 1, people })
        .expect(201);
      const draft = res.body as DocumentDraft;
      expect(draft).toMatchObject({
        fileName: first.fileName,
        placement: first.placement,
        createdBy: OTHER_STAFF,
        revision: 1,
        template: { id: first.id, version: 1 },
        signers: [
          { id: 'signer-1', role: 'signer', name: 'Ann Lee', email: 'ann@client.test' },
          { id: 'signer-2', role: 'signer', name: 'Bo Kim', email: 'bo@eng.test' },
          { id: 'firm', role: 'countersigner', name: 'Cole', email: OTHER_STAFF },
        ],
      });
      // The template was the admin's upload: the draft's file is a copy its maker can open.
      expect(draft.uploadId).not.toBe(first.uploadId);
      await other().get(`/api/documents/uploads/${draft.uploadId}/pdf`).expect(200);
      const reread = await other().get(`${DRAFTS}/${draft.id}`).expect(200);
      expect((reread.body as DocumentDraft).template).toEqual({ id: first.id, version: 1 });
      // The agreement made from the draft keeps version 1, though version 2 is the newest.
      const created = await other()
        .post('/api/document/create-contract')
        .send({ draftId: draft.id })
        .expect(200);
      const docId = /\/d\/([^/]+)\//.exec(created.body.docLink as string)?.[1];
      const record = await api
        .get<Connection>(getConnectionToken(), { strict: false })
        .collection('documents')
        .findOne({ _id: docId as never });
      expect(record).toMatchObject({ templateId: first.id, templateVersion: 1 });

      const newest = await admin()
        .post(`${TEMPLATES}/${first.id}/drafts`)
        .send({ people })
        .expect(201);
      expect((newest.body as DocumentDraft).template).toEqual({ id: first.id, version: 2 });
      // Its maker may read the template's own upload: no copy.
      expect((newest.body as DocumentDraft).uploadId).toBe(first.uploadId);
    });

    it('refuses a missing person or a role the template does not have, and an archived template', async () => {
      const template = await savedTemplate('Refusals');
      const res = await admin()
        .post(`${TEMPLATES}/${template.id}/drafts`)
        .send({
          people: {
            'signer-1': { name: 'Ann Lee', email: 'not-an-address' },
            firm: { name: 'Pat', email: 'pat@prosign.example' },
            'signer-9': { name: 'Nobody', email: 'no@body.test' },
          },
        })
        .expect(400);
      expect(res.body.message).toEqual([
        'The template has no role “signer-9”.',
        '“Client” needs an e-mail address.',
        '“Engineer of record” needs a name.',
        '“Engineer of record” needs an e-mail address.',
      ]);
      await admin()
        .post(`${TEMPLATES}/${template.id}/drafts`)
        .send({ version: 4, people: {} })
        .expect(404);
      await admin().post(`${TEMPLATES}/${template.id}/archive`).expect(200);
      const archived = await admin()
        .post(`${TEMPLATES}/${template.id}/drafts`)
        .send({ people: {} })
        .expect(409);
      expect(archived.body.message).toMatch(/archived/);
    });

    it('a draft of an upload says it comes from no template', async () => {
      const { draftId } = await preparedDraft(admin, 'plain.pdf');
      const read = await admin().get(`${DRAFTS}/${draftId}`).expect(200);
      expect((read.body as DocumentDraft).template).toBeNull();
    });
  });
});
