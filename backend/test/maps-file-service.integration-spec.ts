import type { INestApplication } from '@nestjs/common';
import {
  FILE_SERVICE_PORT,
  type FileServicePort,
} from '../src/integrations/file-service/file-service.port';
import { HttpStandIn } from './support/http-stand-in';
import { seedBaseData } from './support/seed';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';

const registration = {
  projectId: '60000001',
  originalName: 'SOW-1420-Alameda-signed.pdf',
  driveLink: 'http://localhost:3000/api/documents/abc/d/abc/view',
  fileType: 'application/pdf',
};

describe('embedded defaults: address suggestions and the recorded file service', () => {
  const env = createTestEnv(__filename);
  let app: INestApplication;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app } = await startApi(env.config));
    http = await staffHttp(app);
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  let http: StaffHttp;

  it('suggests addresses the local CRM knows, with city, state and zip code', async () => {
    const res = await http().get('/api/maps/suggest').query({ query: 'alameda' }).expect(200);
    expect(res.body.suggestions.length).toBeGreaterThan(0);
    for (const suggestion of res.body.suggestions) {
      expect(suggestion).toEqual({
        address: expect.stringMatching(/alameda/i),
        city: expect.any(String),
        state: 'CA',
        zipcode: expect.stringMatching(/^\d{5}$/),
      });
    }
    const limited = await http()
      .get('/api/maps/suggest')
      .query({ query: 'a', limit: 3 })
      .expect(200);
    expect(limited.body.suggestions).toEqual([]);
    await http().get('/api/maps/suggest').query({ query: 'ave', limit: 50 }).expect(400);
    const few = await http().get('/api/maps/suggest').query({ query: 'ave', limit: 2 }).expect(200);
    expect(few.body.suggestions).toHaveLength(2);
  });

  it('records each file-service call, newest first, for staff to see', async () => {
    const fileService = app.get<FileServicePort>(FILE_SERVICE_PORT);
    await fileService.registerContractFile(registration);
    await fileService.registerContractFile({ ...registration, originalName: 'second.pdf' });
    const res = await http().get('/api/file-service/records').expect(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, totalPages: 1 });
    expect(res.body.records[0]).toEqual({
      id: expect.any(String),
      ...registration,
      originalName: 'second.pdf',
      receivedAt: expect.any(String),
    });
  });
});

describe('real adapters: Google Places in the browser, the affiliate hub over HTTP', () => {
  const hub = new HttpStandIn();
  let env: TestEnv;
  let app: INestApplication;

  beforeAll(async () => {
    await hub.start();
    env = createTestEnv(__filename, {
      MAPS_ADAPTER: 'google',
      GOOGLE_MAPS_API_KEY: 'browser-key',
      FILE_SERVICE_ADAPTER: 'http',
      FILE_SERVICE_URL: `${hub.url}/`,
      FILE_SERVICE_TOKEN: 'hub-token',
    });
    ({ app } = await startApi(env.config));
    http = await staffHttp(app);
  });

  afterEach(() => {
    hub.verify();
    hub.reset();
  });

  afterAll(async () => {
    await app?.close();
    await hub.stop();
    await env?.cleanup();
  });

  let http: StaffHttp;

  it('reports google and http in health; the server has no suggestions and no records', async () => {
    const health = await http().get('/api/health').expect(200);
    expect(health.body.adapters).toMatchObject({ maps: 'google', fileService: 'http' });
    const maps = await http().get('/api/maps/suggest').query({ query: 'main' }).expect(409);
    expect(maps.body.message).toBe(
      'Address suggestions come from Google Places in the browser when MAPS_ADAPTER=google',
    );
    await http().get('/api/file-service/records').expect(404);
  });

  it('POSTs the registration to /v1/pm/file/upload/contract-sow with the token', async () => {
    hub.expect({
      method: 'POST',
      path: '/v1/pm/file/upload/contract-sow',
      body: registration,
      status: 201,
      reply: { ok: true },
    });
    await app.get<FileServicePort>(FILE_SERVICE_PORT).registerContractFile(registration);
    expect(hub.requests[0].headers.authorization).toBe('Bearer hub-token');
  });

  it('turns a refusal of the hub into a clear error', async () => {
    hub.expect({
      method: 'POST',
      path: '/v1/pm/file/upload/contract-sow',
      status: 500,
      reply: { error: 'disk full' },
    });
    await expect(
      app.get<FileServicePort>(FILE_SERVICE_PORT).registerContractFile(registration),
    ).rejects.toMatchObject({
      status: 502,
      message: 'The file service answered HTTP 500: {"error":"disk full"}',
    });
  });
});
