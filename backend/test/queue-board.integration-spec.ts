import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { Worker, type Queue } from 'bullmq';
import request from 'supertest';
import { QueueName } from '../src/platform/queues/queue-names';
import { seedBaseData } from './support/seed';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';

/**
 * The admins' queue view (bull-board at /api/admin/queues): behind
 * the admin guard, listing every queue with its failed jobs and their errors.
 */
describe('queue board: admins see every queue and the errors of failed jobs', () => {
  let env: TestEnv;
  let api: INestApplication;
  let admin: StaffHttp;
  let csm: StaffHttp;

  beforeAll(async () => {
    env = createTestEnv(__filename);
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    admin = await staffHttp(api, 'admin@prosign.example');
    csm = await staffHttp(api, 'csm@prosign.example');
  });

  afterAll(async () => {
    await api?.close();
    await env?.cleanup();
  });

  it('serves the board page to an admin only, with a policy that lets its own scripts run', async () => {
    const page = await admin().get('/api/admin/queues').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // The board's own scripts, served under its base path.
    expect(page.text).toContain('<base href="/api/admin/queues/" />');
    await admin().get('/api/admin/queues/static/images/logo.svg').expect(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");

    await csm().get('/api/admin/queues').expect(403);
    await csm().get('/api/admin/queues/api/queues').expect(403);
    await request(api.getHttpServer()).get('/api/admin/queues').expect(401);
    await request(api.getHttpServer()).get('/api/admin/queues/api/queues').expect(401);
  });

  it('lists every queue, and a failed job with its error, which the admin can retry', async () => {
    const mail = api.get<Queue>(getQueueToken(QueueName.Mail), { strict: false });
    // No worker runs here: a worker that takes jobs only by hand fails this one, as a send
    // giving up would.
    const job = await mail.add('queue-board-probe', { probe: true }, { attempts: 1, lifo: true });
    const token = 'queue-board-test';
    const hand = new Worker(mail.name, null, {
      connection: mail.opts.connection,
      prefix: mail.opts.prefix,
      autorun: false,
    });
    const taken = await hand.getNextJob(token);
    expect(taken?.id).toBe(job.id);
    await taken?.moveToFailed(new Error('SMTP said 550 mailbox unavailable'), token, false);
    await hand.close();

    const board = await admin()
      .get('/api/admin/queues/api/queues')
      .query({ activeQueue: QueueName.Mail, status: 'failed', page: 1 })
      .expect(200);
    const names = (board.body.queues as Array<{ name: string }>).map((queue) => queue.name);
    expect(names).toEqual(expect.arrayContaining(Object.values(QueueName)));
    const mailQueue = (
      board.body.queues as Array<{
        name: string;
        jobs: Array<{ id: string; failedReason: string }>;
      }>
    ).find((queue) => queue.name === QueueName.Mail);
    expect(mailQueue?.jobs).toContainEqual(
      expect.objectContaining({ id: job.id, failedReason: 'SMTP said 550 mailbox unavailable' }),
    );

    await admin().put(`/api/admin/queues/api/queues/${QueueName.Mail}/${job.id}/retry`).expect(204);
    expect(await (await mail.getJob(job.id as string))?.getState()).toBe('waiting');
    await csm().put(`/api/admin/queues/api/queues/${QueueName.Mail}/${job.id}/retry`).expect(403);
  });
});
