import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import type { EchoStatusDto } from '../src/modules/diagnostics/dto/echo-status.dto';
import { TEST_ADMIN, asStaff, signIn } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

describe('diagnostics echo: api → queue → worker → api', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let worker: INestApplicationContext;
  let adminCookie: string;

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    adminCookie = await signIn(api, TEST_ADMIN);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  /** Diagnostics are for administrators: every call carries the admin's session. */
  const http = () => asStaff(api, adminCookie);

  it('refuses callers without a session (401) and staff who are not administrators (403)', async () => {
    const anonymous = await request(api.getHttpServer())
      .post('/api/diagnostics/echo')
      .send({ message: 'hi' })
      .expect(401);
    expect(anonymous.body).toEqual({
      statusCode: 401,
      message: 'Sign in to continue.',
      error: 'Unauthorized',
    });

    await http().post('/api/access/user').send({ email: 'diag.csm', role: 'csm' }).expect(201);
    const csmCookie = await signIn(api, 'diag.csm@prosign.example');
    const forbidden = await request(api.getHttpServer())
      .get('/api/diagnostics/echo/any')
      .set('cookie', csmCookie)
      .expect(403);
    expect(forbidden.body).toEqual({
      statusCode: 403,
      message: 'Only administrators can do this.',
      error: 'Forbidden',
    });
  });

  it('enqueues an echo job that the worker processes', async () => {
    const accepted = await http()
      .post('/api/diagnostics/echo')
      .send({ message: 'hello, worker' })
      .expect(202);
    const { jobId } = accepted.body as { jobId: string };
    expect(jobId).toEqual(expect.any(String));

    const done = await waitFor(
      async () =>
        (await http().get(`/api/diagnostics/echo/${jobId}`).expect(200)).body as EchoStatusDto,
      (body) => body.state === 'completed' || body.state === 'failed',
    );

    expect(done).toEqual({
      jobId,
      state: 'completed',
      result: { message: 'hello, worker', processedAt: expect.any(String), processedBy: 'worker' },
    });
    expect(Number.isNaN(Date.parse(done.result?.processedAt ?? ''))).toBe(false);
  });

  it('refuses an unknown body field with 400 and the JSON error shape', async () => {
    const res = await http()
      .post('/api/diagnostics/echo')
      .send({ message: 'hi', admin: true })
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: ['property admin should not exist'],
      error: 'Bad Request',
    });
  });

  it.each([
    ['an empty message', { message: '' }],
    ['a message over 200 characters', { message: 'x'.repeat(201) }],
    ['a missing message', {}],
    ['a delay over 2000 ms', { message: 'hi', delayMs: 2001 }],
  ])('refuses %s with 400', async (_case, body) => {
    const res = await http().post('/api/diagnostics/echo').send(body).expect(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.any(Array),
    });
  });

  it('refuses malformed JSON with 400 and the JSON error shape', async () => {
    const res = await http()
      .post('/api/diagnostics/echo')
      .set('content-type', 'application/json')
      .send('{"message":')
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers 404 with the JSON error shape for an unknown job', async () => {
    const res = await http().get('/api/diagnostics/echo/no-such-job').expect(404);
    expect(res.body).toEqual({
      statusCode: 404,
      message: 'Echo job no-such-job not found',
      error: 'Not Found',
    });
  });
});
