import type { INestApplication } from '@nestjs/common';
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DocumentRepository } from '../src/integrations/documents/store/document.repository';
import { contractFormData, documentModel } from './support/document-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SERVICE_ACCOUNT = {
  type: 'service_account',
  client_email: 'prosign-docs@prosign-test.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  private_key_id: 'key-1',
};

/**
 * The public document route with the Google documents adapter: the service
 * account reads much more of Drive than ProSign's own documents, so the route
 * must serve only the ids ProSign created (the `documents` collection), never
 * fall through to any Drive file; and create-contract copies only the templates
 * registered there.
 */
describe('public document route (Google documents adapter)', () => {
  // Drive as the service account sees it: every file copies and exports, including ones ProSign
  // never made.
  const copied: string[] = [];
  const exported: string[] = [];
  let drive: Server;
  let env: TestEnv;
  let app: INestApplication;
  let http: StaffHttp;

  beforeAll(async () => {
    drive = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const path = new URL(req.url ?? '/', 'http://drive').pathname;
        const json = (value: unknown) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        };
        let match: RegExpExecArray | null;
        if (req.method === 'POST' && (match = /^\/drive\/v3\/files\/([^/]+)\/copy$/.exec(path))) {
          copied.push(match[1]);
          return json({ id: 'copy-of-template' });
        }
        if (req.method === 'POST' && path === '/v1/documents/copy-of-template:batchUpdate') {
          return json({ replies: [] });
        }
        if (req.method === 'GET' && path === '/v1/documents/copy-of-template') {
          return json({ documentId: 'copy-of-template', body: { content: [] } });
        }
        if (req.method === 'GET' && (match = /^\/drive\/v3\/files\/([^/]+)\/export$/.exec(path))) {
          exported.push(match[1]);
          res.writeHead(200, { 'content-type': 'application/pdf' });
          return res.end(`%PDF-1.7\n% Drive file ${match[1]}\n%%EOF\n`);
        }
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 404, message: `no ${req.method} ${path}` } }));
      });
    });
    await new Promise<void>((resolve) => drive.listen(0, '127.0.0.1', resolve));
    env = createTestEnv(__filename, {
      DOCUMENTS_ADAPTER: 'google',
      GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify(SERVICE_ACCOUNT),
      GOOGLE_API_ROOT_URL: `http://127.0.0.1:${(drive.address() as AddressInfo).port}/`,
    });
    ({ app } = await startApi(env.config));
    http = await staffHttp(app);
    // A Drive template registered as ProSign's (what an administrator does for each template).
    await documentModel(app).create({
      _id: 'google-template-1',
      kind: 'template',
      title: 'Standard Service Agreement',
      contractKind: 'standard',
      revision: 1,
      documentDate: new Date('2025-01-01T08:00:00Z'),
    });
  });

  beforeEach(() => {
    copied.length = 0;
    exported.length = 0;
  });

  afterAll(async () => {
    await app?.close();
    drive?.closeAllConnections();
    await new Promise((resolve) => drive?.close(resolve));
    await env?.cleanup();
  });

  const anonymous = () => request(app.getHttpServer());

  it('answers 404 for a Drive file ProSign did not create, without asking Drive for it', async () => {
    for (const mode of ['view', 'edit', 'preview']) {
      await anonymous().get(`/api/documents/d/someone-elses-drive-file/${mode}`).expect(404);
    }
    // Staff cannot reach it through the PDF download either.
    await http()
      .post('/api/template/generate-pdf')
      .send({ originalDocId: 'someone-elses-drive-file' })
      .expect(404);
    expect(exported).toEqual([]);
  });

  it('copies only registered templates: any other Drive file is 404 before Drive is asked', async () => {
    const response = await http()
      .post('/api/template/create-contract')
      .send({
        docLink: 'https://docs.google.com/document/d/someone-elses-drive-file/edit',
        formData: contractFormData(),
      })
      .expect(404);
    expect(response.body.message).toBe('Template document someone-elses-drive-file not found');
    expect(copied).toEqual([]);
    expect(await app.get(DocumentRepository).find('copy-of-template')).toBeNull();
  });

  it('serves the agreements ProSign created through Google', async () => {
    const created = await http()
      .post('/api/template/create-contract')
      .send({
        docLink: 'https://docs.google.com/document/d/google-template-1/edit',
        formData: contractFormData(),
      })
      .expect(201);
    expect(created.body.docLink).toBe('https://docs.google.com/document/d/copy-of-template/edit');
    expect(copied).toEqual(['google-template-1']);
    expect(await app.get(DocumentRepository).find('copy-of-template')).toMatchObject({
      kind: 'contract',
      templateId: 'google-template-1',
    });

    const pdf = await anonymous().get('/api/documents/d/copy-of-template/view').expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(exported).toEqual(['copy-of-template']);
  });
});
