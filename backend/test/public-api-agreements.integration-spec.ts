import type { INestApplication } from '@nestjs/common';
import {
  API_KEY_SCOPES,
  type AgreementPageAnswer,
  type DocumentTemplate,
  type PublicAgreement,
  type ServicePage,
  type TemplatePage,
} from '@prosign/domain';
import request, { type Response } from 'supertest';
import { insertStandardAgreement } from './support/agreements';
import { issueApiKey, withApiKey } from './support/api-keys';
import { coDealFixture } from './support/co-fixtures';
import { documentDraftOf, taggedDocumentPdf } from './support/document-family-fixtures';
import { seedBaseData } from './support/seed';
import { DEMO_PARTNERS, DEMO_PROJECT_ID } from './support/sow-fixtures';
import { staffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const V1 = '/api/v1';

/** The fields a refusal names (its problem's `errors`). */
const pathsOf = (res: Response) =>
  ((res.body as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);
const DAY = 86_400_000;

/**
 * The public api's agreements as another system uses them with a key: the dashboards' list in
 * cursor pages with their filters, one agreement with its recipients and events, an agreement of
 * each family created (a standard one from a service, a SOW, a change order and an uploaded
 * document from their templates; drafts until sent), sent, reminded and cancelled; every input checked with the path of what is wrong, and
 * never a signing link or token in an answer.
 */
describe('public api: agreements', () => {
  const env = createTestEnv(__filename, { API_RATE_LIMIT_PER_MINUTE: '100000' });
  let api: INestApplication;
  let client: ReturnType<typeof withApiKey>;
  let tokens: string[];

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    client = withApiKey(api, (await issueApiKey(api, API_KEY_SCOPES, { name: 'PM tool' })).key);
    const now = Date.now();
    const made = [
      { name: 'Ana Lopez', status: 'not signed', viewedTimes: 0, daysAgo: 5 },
      { name: 'Ben Okafor', status: 'viewed', viewedTimes: 2, daysAgo: 4 },
      { name: 'Chen Wei', status: 'signed', viewedTimes: 1, daysAgo: 3 },
      { name: 'Dana Fox', status: 'cancelled', viewedTimes: 0, daysAgo: 2 },
      { name: 'Eli Stone', status: 'not signed', viewedTimes: 0, daysAgo: 1 },
    ] as const;
    tokens = [];
    for (const row of made) {
      const { token } = await insertStandardAgreement(api, {
        status: row.status,
        form: { full_name: row.name, email: `${row.name.split(' ')[0].toLowerCase()}@example.com` },
        createdAt: new Date(now - row.daysAgo * DAY),
        fields: { viewedTimes: row.viewedTimes },
      });
      tokens.push(token);
    }
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const list = async (query: string) =>
    (await client.get(`${V1}/agreements?${query}`).expect(200)).body as AgreementPageAnswer;

  it('pages through every sent agreement newest first, each once, by cursor', async () => {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AgreementPageAnswer = await list(
        `family=standard&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.data.length).toBeLessThanOrEqual(2);
      names.push(...page.data.map((agreement) => agreement.signerName));
      cursor = page.nextCursor;
    } while (cursor);
    expect(names).toEqual(['Eli Stone', 'Dana Fox', 'Chen Wei', 'Ben Okafor', 'Ana Lopez']);
  });

  it('filters by status, dashboard filter, search and when they were sent', async () => {
    const namesOf = async (query: string) =>
      (await list(query)).data.map((agreement) => agreement.signerName);
    expect(await namesOf('status=sent')).toEqual(['Eli Stone', 'Ana Lopez']);
    expect(await namesOf('status=signed,cancelled')).toEqual(['Dana Fox', 'Chen Wei']);
    expect(await namesOf('family=standard&filter=viewed')).toEqual(['Chen Wei', 'Ben Okafor']);
    expect(await namesOf('search=okafor')).toEqual(['Ben Okafor']);
    const since = new Date(Date.now() - 3.5 * DAY).toISOString();
    const until = new Date(Date.now() - 1.5 * DAY).toISOString();
    expect(await namesOf(`sentAfter=${since}&sentBefore=${until}`)).toEqual([
      'Dana Fox',
      'Chen Wei',
    ]);
    expect(await namesOf('family=sow')).toEqual([]);
  });

  it('says which query field is wrong, and refuses one it does not know', async () => {
    const res = await client
      .get(`${V1}/agreements?limit=500&status=lost&colour=red&cursor=bm9wZQ`)
      .expect(400);
    expect(pathsOf(res)).toEqual(expect.arrayContaining(['limit', 'status', 'colour']));
    const badCursor = await client.get(`${V1}/agreements?cursor=bm9wZQ`).expect(400);
    expect(pathsOf(badCursor)).toEqual(['cursor']);
    const badFamily = await client.get(`${V1}/agreements?family=nosuch`).expect(400);
    expect(pathsOf(badFamily)).toEqual(['family']);
  });

  it('reads one agreement with its recipients and events, never its links', async () => {
    const [listed] = (await list('search=chen')).data;
    const res = await client.get(`${V1}/agreements/${listed.id}`).expect(200);
    const agreement = res.body as PublicAgreement;
    expect(agreement).toMatchObject({
      id: listed.id,
      family: 'standard',
      status: 'signed',
      signerName: 'Chen Wei',
      recipients: [{ id: 'signer-1', role: 'signer', name: 'Chen Wei', state: 'signed' }],
      events: [{ sequence: 1, type: 'sent', status: 'sent' }],
    });
    for (const token of tokens) expect(JSON.stringify(res.body)).not.toContain(token);
    expect(JSON.stringify(res.body)).not.toMatch(/signingLink|docLink|\/d\//);
    await client.get(`${V1}/agreements/0123456789abcdef01234567`).expect(404);
    await client.get(`${V1}/agreements/not-an-id`).expect(400);
  });

  it('creates a standard agreement from a service as a draft, then sends it once', async () => {
    const services = (await client.get(`${V1}/services`).expect(200)).body as ServicePage;
    expect(services.data.length).toBeGreaterThan(0);
    const service = services.data[0];
    const body = {
      family: 'standard',
      serviceId: service.id,
      signer: { name: 'Frida Moss', email: 'frida.moss@example.com' },
      siteAddress: '12 Harbor Way',
      cost: 4800,
      deposit: 800,
      csmEmail: 'admin@prosign.example',
    };
    const created = (await client.post(`${V1}/agreements`).send(body).expect(201))
      .body as PublicAgreement;
    expect(created).toMatchObject({
      family: 'standard',
      status: 'draft',
      title: expect.any(String),
      signerEmail: 'frida.moss@example.com',
      sentAt: null,
    });
    // A draft is not on the dashboards' list, but it is read by its id.
    expect((await list('search=frida')).data).toEqual([]);
    await client.get(`${V1}/agreements/${created.id}`).expect(200);
    // A draft is read, not acted on: remind, void and cancel say it is not sent yet.
    for (const action of ['remind', 'void', 'cancel']) {
      const refused = await client.post(`${V1}/agreements/${created.id}/${action}`).expect(409);
      expect(refused.body.detail).toBe('The agreement is a draft: it has not been sent yet.');
    }

    const sent = (await client.post(`${V1}/agreements/${created.id}/send`).expect(200))
      .body as PublicAgreement;
    expect(sent).toMatchObject({ id: created.id, status: 'sent', sentAt: expect.any(String) });
    expect(sent.events.map((event) => event.type)).toContain('sent');
    await client.post(`${V1}/agreements/${created.id}/send`).expect(409);
    expect((await list('search=frida')).data.map((row) => row.id)).toEqual([created.id]);

    const reminded = await client.post(`${V1}/agreements/${created.id}/remind`).expect(200);
    expect(reminded.body.agreement.events.map((event: { type: string }) => event.type)).toContain(
      'reminder_sent',
    );
    // Only a signed agreement is voided; an open one is cancelled.
    await client.post(`${V1}/agreements/${created.id}/void`).expect(409);
    const cancelled = await client.post(`${V1}/agreements/${created.id}/cancel`).expect(200);
    expect(cancelled.body.status).toBe('cancelled');
    await client.get(`${V1}/agreements/${created.id}/pdf`).expect(409);
  });

  it('refuses a creation naming each wrong field, and stores nothing', async () => {
    const before = (await list('limit=100')).data.length;
    const res = await client
      .post(`${V1}/agreements`)
      .send({
        family: 'standard',
        serviceId: '0123456789abcdef01234567',
        signer: { name: '', email: 'nobody' },
        cost: -1,
        deposit: 1,
        csmEmail: 'admin@prosign.example',
        colour: 'red',
      })
      .expect(400);
    expect(pathsOf(res)).toEqual(
      expect.arrayContaining(['signer.name', 'signer.email', 'cost', 'colour']),
    );
    await client
      .post(`${V1}/agreements`)
      .send({
        family: 'standard',
        serviceId: '0123456789abcdef01234567',
        signer: { name: 'No Service', email: 'none@example.com' },
        cost: 10,
        deposit: 1,
        csmEmail: 'admin@prosign.example',
      })
      .expect(404);
    expect((await list('limit=100')).data.length).toBe(before);
  });

  it('creates an uploaded-document agreement from a template, each role named', async () => {
    const staff = await staffHttp(api);
    const draft = await documentDraftOf(staff, await taggedDocumentPdf({ signers: 2 }));
    const roles = draft.signers.map((signer, index) => ({
      id: signer.id,
      name: index === 0 ? 'Subcontractor' : 'Guarantor',
    }));
    const template = (
      await staff()
        .post('/api/documents/templates')
        .send({ draftId: draft.id, name: 'Subcontract', roles })
        .expect(201)
    ).body as DocumentTemplate;
    const templates = (await client.get(`${V1}/templates`).expect(200)).body as TemplatePage;
    expect(templates.data.every((listed) => listed.family === 'document')).toBe(true);
    expect(templates.data.map((listed) => listed.id)).toContain(template.id);
    const [listed] = templates.data.filter((row) => row.id === template.id);
    expect(listed.roles.map((role) => role.id)).toEqual(['signer-1', 'signer-2']);

    const people = {
      'signer-1': { name: 'Priya Natarajan', email: 'priya@example.com' },
      'signer-2': { name: 'Omar Haddad', email: 'omar@example.com' },
    };
    const missing = await client
      .post(`${V1}/agreements`)
      .send({
        family: 'document',
        templateId: template.id,
        people: { 'signer-1': people['signer-1'] },
        csmEmail: 'admin@prosign.example',
      })
      .expect(400);
    expect(JSON.stringify(missing.body)).toContain('Guarantor');

    const created = (
      await client
        .post(`${V1}/agreements`)
        .send({
          family: 'document',
          templateId: template.id,
          people,
          csmEmail: 'admin@prosign.example',
        })
        .expect(201)
    ).body as PublicAgreement;
    expect(created).toMatchObject({ family: 'document', status: 'draft', title: 'Subcontract' });
    const sent = (await client.post(`${V1}/agreements/${created.id}/send`).expect(200))
      .body as PublicAgreement;
    expect(sent.status).toBe('sent');
    expect(sent.recipients.map(({ id, name, state }) => ({ id, name, state }))).toEqual([
      { id: 'signer-1', name: 'Priya Natarajan', state: 'invited' },
      { id: 'signer-2', name: 'Omar Haddad', state: 'waiting' },
    ]);
  });

  it('creates a Scope-of-Work contract and a change order from their templates, and sends them', async () => {
    const sowTemplates = (await client.get(`${V1}/templates?family=sow`).expect(200))
      .body as TemplatePage;
    const residential = sowTemplates.data.find((template) => template.name === 'Residential')!;
    expect(residential).toMatchObject({ family: 'sow', fileName: null });
    expect(residential.roles.map((role) => role.id)).toContain('designer_cp');
    // Each listed template reads by its id, whatever its family.
    const readSow = await client.get(`${V1}/templates/${residential.id}`).expect(200);
    expect(readSow.body).toEqual(residential);
    const sow = await client
      .post(`${V1}/agreements`)
      .send({
        family: 'sow',
        templateName: residential.name,
        partner: { name: 'Mei Lin', email: DEMO_PARTNERS.mei.email },
        partnerCrmId: DEMO_PARTNERS.mei.id,
        roles: ['designer_cp'],
        fees: { designer_cp: 1200 },
        projectCrmId: DEMO_PROJECT_ID,
        projectAddress: '88 Orchard Lane, San Jose, CA 95112',
        timeline: { kind: 'duration', amount: 2, unit: 'weeks' },
        pmEmail: 'pm@prosign.example',
      })
      .expect(201);
    expect(sow.body).toMatchObject({ family: 'sow', status: 'draft', signerName: 'Mei Lin' });
    const sentSow = await client.post(`${V1}/agreements/${sow.body.id}/send`).expect(200);
    expect(sentSow.body.status).toBe('sent');

    const deal = await coDealFixture(await staffHttp(api));
    const coTemplates = (await client.get(`${V1}/templates?family=co`).expect(200))
      .body as TemplatePage;
    expect(coTemplates.data.map((template) => template.id)).toContain(deal.templateId);
    const readCo = await client.get(`${V1}/templates/${coTemplates.data[0].id}`).expect(200);
    expect(readCo.body).toEqual(coTemplates.data[0]);
    await client.get(`${V1}/templates/0123456789abcdef01234567`).expect(404);
    const changeOrder = {
      family: 'co',
      templateId: coTemplates.data[0].id,
      crmDealId: deal.dealId,
      projectAddress: '221 Alder Court, San Jose, CA 95112',
      signatory: { name: deal.signatory.name, email: deal.signatory.email },
      signatoryCrmId: deal.signatory.id,
      description: 'Add a structural beam over the new kitchen opening.',
      fee: 1500,
      paymentTerms: 'Split Payment',
      firstPayment: 900,
      secondPayment: 700,
      csmEmail: 'csm@prosign.example',
    };
    // The family's own rules still hold: the two payments must add up to the fee.
    const refused = await client.post(`${V1}/agreements`).send(changeOrder).expect(400);
    expect(JSON.stringify(refused.body)).toMatch(/payment/i);
    const co = await client
      .post(`${V1}/agreements`)
      .send({ ...changeOrder, secondPayment: 600 })
      .expect(201);
    expect(co.body).toMatchObject({ family: 'co', status: 'draft', crmDealId: deal.dealId });
    const sentCo = await client.post(`${V1}/agreements/${co.body.id}/send`).expect(200);
    expect(sentCo.body.status).toBe('sent');
    const listed = await list('status=sent&family=co');
    expect(listed.data.map((row) => row.id)).toContain(co.body.id);
  });

  it('serves its OpenAPI document and reference page to anyone, loading nothing from elsewhere', async () => {
    const http = () => request(api.getHttpServer());
    const document = await http().get(`${V1}/openapi.json`).expect(200);
    expect(document.body).toMatchObject({ openapi: '3.1.0', info: { title: 'ProSign API' } });
    expect(Object.keys(document.body.paths)).toContain('/agreements/{id}/pdf');
    const page = await http().get(`${V1}/reference`).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((found) => found[1]);
    expect(scripts.every((src) => !/^(https?:)?\/\//.test(src))).toBe(true);
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'start.js']) {
      const res = await http().get(`${V1}/reference/${asset}`).expect(200);
      expect(Number(res.headers['content-length'] ?? res.text.length)).toBeGreaterThan(100);
    }
    await http().get(`${V1}/reference/package.json`).expect(404);
  });
});
