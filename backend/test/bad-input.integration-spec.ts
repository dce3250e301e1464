import type { INestApplication } from '@nestjs/common';
import {
  CLAUSE_TEXT_MAX_LENGTH,
  STANDARD_TEMPLATE_DOC_IDS,
  TERMS_TEXT_MAX_LENGTH,
} from '@prosign/domain';
import request from 'supertest';
import { contractFormData, seedTemplates } from './support/document-fixtures';
import { seedBaseData } from './support/seed';
import { discoverHttpRoutes } from './support/http-routes';
import { signerHttp } from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const PUBLIC_API_URL = 'https://prosign.example.com';
const DEAL = '40000013';

/**
 * Bad input answers 4xx, never 5xx, and the body limits fit the
 * product: the largest valid form goes through, public uploads take one file
 * and a few short fields.
 */
describe('bad input never answers 5xx; body and upload limits', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL });
  let api: INestApplication;
  let http: StaffHttp;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    await seedTemplates(api);
    http = await staffHttp(api);
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const templateLink = `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`;
  const notAnObject = [undefined, null, [], ['x'], 'text', 5, true];

  it('update-all without (or with a non-object) contractFormData answers 400', async () => {
    const url = `/api/hubspot/update-deal-by-prosign/${DEAL}/update-all`;
    const missing = await http().patch(url).send({}).expect(400);
    expect(missing.body.message).toContain('contractFormData is required');
    for (const contractFormData of notAnObject.slice(1)) {
      await http().patch(url).send({ contractFormData }).expect(400);
    }
    for (const project_type of [5, null, [{}], { a: 1 }]) {
      const res = await http()
        .patch(url)
        .send({ contractFormData: { cost: 10, project_type } });
      expect(res.status).toBeLessThan(500);
    }
  });

  it('update-missing refuses nested values of the wrong shape', async () => {
    const url = `/api/hubspot/update-deal-by-prosign/${DEAL}/update-missing`;
    for (const contractFormData of notAnObject.slice(2)) {
      await http().patch(url).send({ contractFormData }).expect(400);
    }
    for (const updatedContactRoles of [[null], ['x'], [[]], 'x', {}]) {
      await http().patch(url).send({ updatedContactRoles }).expect(400);
    }
    for (const missingProperties of [[], 'x', { project_type: { a: 1 } }, { 'bad name': 'x' }]) {
      await http().patch(url).send({ missingProperties }).expect(400);
    }
  });

  it('create-contract refuses a formData, contract_data or fullNameOptions of the wrong shape', async () => {
    const create = (formData: unknown) =>
      http().post('/api/template/create-contract').send({ docLink: templateLink, formData });
    for (const formData of notAnObject) await create(formData).expect(400);
    for (const contract_data of notAnObject.slice(2)) {
      await create(contractFormData({ contract_data })).expect(400);
    }
    for (const fullNameOptions of [[null], ['x'], [[]], 'x', { name: 'x' }]) {
      await create(contractFormData({ fullNameOptions })).expect(400);
    }
  });

  it('the largest valid form goes through (no 413), a larger body answers 413', async () => {
    // Every clause at its longest, in 3-byte UTF-8 characters: the worst case the limit is made for.
    const clause = (letter: string) => `${letter}${'…'.repeat(CLAUSE_TEXT_MAX_LENGTH - 1)}`;
    const contract_data = {
      agreementTitle: 'Professional Engineering Services Agreement',
      start: clause('a'),
      projectDescription: clause('b'),
      engineerBasicService: clause('c'),
      engineerAdditionalService: clause('d'),
      engineerFee: clause('e'),
      licensingAndInsurance: clause('f'),
      termsAndConditions: 'T'.repeat(TERMS_TEXT_MAX_LENGTH),
    };
    const formData = contractFormData({ contract_data, engineerFeeCopy: clause('g') });
    const body = JSON.stringify({ docLink: templateLink, formData });
    expect(Buffer.byteLength(body)).toBeGreaterThan(400 * 1024);
    await http()
      .post('/api/template/create-contract')
      .set('content-type', 'application/json')
      .send(body)
      .expect(201);
    // One character more than a clause allows is a validation error, not a size error.
    await http()
      .post('/api/template/create-contract')
      .send({
        docLink: templateLink,
        formData: { ...formData, engineerFeeCopy: `${clause('g')}x` },
      })
      .expect(400);
    const huge = await http()
      .post('/api/template/create-contract')
      .send({
        docLink: templateLink,
        formData: { ...formData, padding: 'x'.repeat(2 * 1024 * 1024) },
      })
      .expect(413);
    expect(huge.body).toMatchObject({ statusCode: 413 });
  });

  it('no route answers 5xx to an empty, list-shaped or oddly nested body', async () => {
    const routes = discoverHttpRoutes(api).filter(
      // Sign-out would end the session the other calls use.
      (route) => route.method !== 'GET' && route.key !== 'POST /api/auth/logout',
    );
    const bodies: unknown[] = [{}, [], [{}], { token: {}, email: [], docLink: { a: 1 } }];
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.path
        .replace(':dealId', DEAL)
        .replace(/:[A-Za-z]*[iI]d\b/g, '0123456789abcdef01234567')
        .replace(/:[A-Za-z]+/g, 'probe');
      for (const body of bodies) {
        const verb = route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
        const agent = http();
        const res = await agent[verb](url).send(body as object);
        if (res.status >= 500)
          failures.push(`${route.key} ${JSON.stringify(body)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  describe('public uploads', () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');

    it('verify check takes one PDF and no field', async () => {
      const check = () => request(api.getHttpServer()).post('/api/verify/no-such-verify-id/check');
      // Within the limits: the upload reaches the service (which knows no such document).
      const ok = await check().attach('file', pdf, 'signed.pdf');
      expect(ok.status).toBe(404);
      const field = await check().field('note', 'x').attach('file', pdf, 'signed.pdf').expect(400);
      expect(field.body.message).toMatch(/Too many fields|Too many parts/);
      await check().attach('file', pdf, 'a.pdf').attach('file', pdf, 'b.pdf').expect(400);
      const manyFields = check();
      for (let i = 0; i < 200; i += 1) manyFields.field(`f${i}`, 'x');
      await manyFields.attach('file', pdf, 'signed.pdf').expect(400);
    });

    it('upload-image takes one image, its token and docLink, and short fields only', async () => {
      const signer = signerHttp(api);
      const png = Buffer.from('not really a png');
      const upload = () =>
        signer.post('/api/template/upload-image').field('token', 'no-such-token');
      // Within the limits: the request reaches the service (no such contract).
      const ok = await upload().field('docLink', 'x').attach('image', png, 'signature.png');
      expect(ok.status).toBe(404);
      await upload()
        .field('docLink', 'x')
        .field('extra', 'x')
        .attach('image', png, 'signature.png')
        .expect(400);
      await upload()
        .field('docLink', 'x'.repeat(64 * 1024))
        .attach('image', png, 'signature.png')
        .expect(400);
      await upload().attach('image', png, 'a.png').attach('image', png, 'b.png').expect(400);
    });
  });
});
