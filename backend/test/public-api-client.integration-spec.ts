import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { API_KEY_SCOPES, publicApiDocument } from '@prosign/domain';
import createClient from 'openapi-fetch';
import { agreementModel } from './support/agreements';
import { issueApiKey } from './support/api-keys';
import { pdfText } from './support/pdf-text';
import type { paths } from './support/public-api.generated';
import { seedBaseData } from './support/seed';
import { PUBLIC_API_URL, PUBLIC_SIGNING_URL, signStandardAs } from './support/signing-fixtures';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const SIGNER = { name: 'Grace Hopper', email: 'grace.hopper@example.com' };

/**
 * Another system's whole use of the public api, through a client generated from the OpenAPI
 * document (openapi-typescript's types, checked against the document by the openapi lint, and
 * openapi-fetch): it creates an agreement from a service with a key, sends it, the signer signs
 * through their own link, and it downloads the sealed PDF and the certificate of completion.
 * A route or a shape the document does not describe fails here to compile or to answer.
 */
describe('public api: a generated client, end to end', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    PUBLIC_SIGNING_URL,
    API_RATE_LIMIT_PER_MINUTE: '100000',
  });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let client: ReturnType<typeof createClient<paths>>;
  let baseUrl: string;

  beforeAll(async () => {
    await seedBaseData(env.config);
    let url: string;
    ({ app: api, url } = await startApi(env.config));
    worker = await startWorker(env.config);
    baseUrl = `${url}/api/v1`;
    const { key } = await issueApiKey(api, API_KEY_SCOPES, { name: 'Scheduling system' });
    client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  it('serves the document the client was generated from', async () => {
    const served = await fetch(`${baseUrl}/openapi.json`);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(publicApiDocument(PUBLIC_API_URL));
  });

  it('creates, sends, is signed, and downloads the sealed PDF and the certificate', async () => {
    const services = await client.GET('/services', { params: { query: { limit: 50 } } });
    expect(services.response.status).toBe(200);
    const service = services.data!.data[0];

    const created = await client.POST('/agreements', {
      body: {
        family: 'standard',
        serviceId: service.id,
        signer: SIGNER,
        siteAddress: '1 Navy Yard',
        cost: 9000,
        deposit: 1500,
        csmEmail: 'csm@prosign.example',
      },
    });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;
    expect(created.data).toMatchObject({ status: 'draft', sealed: false, signerName: SIGNER.name });

    const path = { params: { path: { id } } };
    const sent = await client.POST('/agreements/{id}/send', path);
    expect(sent.data).toMatchObject({ status: 'sent', recipients: [{ state: 'invited' }] });
    const early = await client.GET('/agreements/{id}/pdf', { ...path, parseAs: 'stream' });
    expect(early.response.status).toBe(409);
    expect(early.response.headers.get('content-type')).toMatch(/json/);

    // The signer's link reaches them by mail, never through the api: the test reads it stored.
    const stored = await agreementModel(api).findById(id).lean();
    await signStandardAs(api, stored!.token, SIGNER.name);

    const sealed = await waitFor(
      async () => (await client.GET('/agreements/{id}', path)).data,
      (agreement) => agreement?.sealed === true,
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(sealed).toMatchObject({
      status: 'signed',
      signedAt: expect.any(String),
      recipients: [{ name: SIGNER.name, state: 'signed', signedAt: expect.any(String) }],
    });
    expect(sealed!.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['sent', 'viewed', 'signed']),
    );

    const pdf = await client.GET('/agreements/{id}/pdf', {
      ...path,
      parseAs: 'arrayBuffer',
    });
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    const sealedPdf = Buffer.from(pdf.data!);
    expect(sealedPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sealedPdf.includes('/ByteRange')).toBe(true);

    const certificate = await client.GET('/agreements/{id}/certificate', {
      ...path,
      parseAs: 'arrayBuffer',
    });
    expect(certificate.response.headers.get('content-type')).toBe('application/pdf');
    const certificateText = await pdfText(Buffer.from(certificate.data!));
    expect(certificateText).toContain(SIGNER.name);
    expect(certificateText).toContain(SIGNER.email);

    const events = await client.GET('/agreements/{id}/events', {
      params: { path: { id }, query: { limit: 2 } },
    });
    expect(events.data!.data.map((event) => event.sequence)).toEqual([1, 2]);
    expect(events.data!.nextCursor).not.toBeNull();

    const voided = await client.POST('/agreements/{id}/void', path);
    expect(voided.data).toMatchObject({ status: 'void', voidedAt: expect.any(String) });
  });
});
