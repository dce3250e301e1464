import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { TEST_ADMIN, asStaff, signIn } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

describe('worker graceful shutdown', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let worker: INestApplicationContext | undefined;
  let adminCookie: string;

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config));
    adminCookie = await signIn(api, TEST_ADMIN);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  // Diagnostics are admin-only.
  const http = () => asStaff(api, adminCookie);
  const stateOf = async (jobId: string) =>
    (await http().get(`/api/diagnostics/echo/${jobId}`).expect(200)).body as {
      state: string;
      result?: unknown;
    };

  it('lets an in-flight job finish when the worker is closed mid-job, then takes no more jobs', async () => {
    worker = await startWorker(env.config);
    const slow = await http()
      .post('/api/diagnostics/echo')
      .send({ message: 'slow', delayMs: 1500 })
      .expect(202);
    const slowId = (slow.body as { jobId: string }).jobId;
    await waitFor(
      () => stateOf(slowId),
      (body) => body.state === 'active',
    );

    // What SIGTERM triggers through enableShutdownHooks().
    await worker.close();
    worker = undefined;

    expect(await stateOf(slowId)).toEqual({
      jobId: slowId,
      state: 'completed',
      result: { message: 'slow', processedAt: expect.any(String), processedBy: 'worker' },
    });

    // A closed worker does not pick up new work: the job waits for the next worker.
    const next = await http().post('/api/diagnostics/echo').send({ message: 'later' }).expect(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await stateOf((next.body as { jobId: string }).jobId)).state).toBe('waiting');
  });
});
