import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { createAccessFlags } from '@prosign/domain';
import { UnrecoverableError, Worker, type Queue } from 'bullmq';
import { createConnection, type Connection } from 'mongoose';
import { caughtIdOf, MailCatcher } from '../src/integrations/mail/mail-catcher';
import { SmtpMailAdapter } from '../src/integrations/mail/smtp-mail.adapter';
import { AccessService } from '../src/modules/access/access.service';
import { mailDeliveries, messageIdFor } from '../src/modules/mail/mail-delivery.collection';
import { MailSweeper } from '../src/modules/mail/mail-sweeper';
import { MailService, sendJobIdOf } from '../src/modules/mail/mail.service';
import { cappedDelay, MAX_BACKOFF_MS } from '../src/platform/queues/default-job-options';
import { QueueName } from '../src/platform/queues/queue-names';
import { eventTypes, insertStandardAgreement } from './support/agreements';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const quiet = { log: () => undefined, warn: () => undefined };

/**
 * Mail that arrives, once: a stable Message-ID per logical mail that the
 * catcher refuses to store twice, retries backing off over hours, and the
 * worker's sweep re-queuing deliveries whose job Redis lost or that stalled out.
 */
describe('mail reliability', () => {
  let env: TestEnv;
  let connection: Connection;
  let catcher: MailCatcher;
  let api: INestApplication;
  let worker: INestApplicationContext | undefined;
  let dashboard: StaffHttp;
  let queue: Queue;

  beforeAll(async () => {
    env = createTestEnv(__filename);
    connection = await createConnection(env.config.MONGODB_URI).asPromise();
    catcher = new MailCatcher(connection, quiet);
    const port = await catcher.listen(0);
    await env.cleanup().catch(() => undefined);
    env = createTestEnv(__filename, {
      MAIL_CATCHER_PORT: String(port),
      MAIL_SWEEP_EVERY_MS: '600000',
      MAIL_SEND_ATTEMPTS: '3',
    });
    await catcher.close();
    await connection.close();
    connection = await createConnection(env.config.MONGODB_URI).asPromise();
    catcher = new MailCatcher(connection, quiet);
    await catcher.listen(port);
    ({ app: api } = await startApi(env.config));
    await api
      .get(AccessService, { strict: false })
      .ensureUser('csm@prosign.example', ['csm'], createAccessFlags({ dashboardAccess: true }));
    dashboard = await staffHttp(api, 'csm@prosign.example');
    queue = api.get<Queue>(getQueueToken(QueueName.Mail), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await catcher?.close();
    await connection?.close();
    await env?.cleanup();
  });

  /** Ends jobs as failed the way a stalled-out job ends (its processor never records anything). */
  async function failJobs(jobIds: string[]): Promise<void> {
    const killer = new Worker(
      QueueName.Mail,
      () => Promise.reject(new UnrecoverableError('job stalled more than allowable limit')),
      { connection: { url: env.config.REDIS_URL }, prefix: env.config.QUEUE_PREFIX },
    );
    try {
      await waitFor(
        () => Promise.all(jobIds.map(async (id) => (await queue.getJob(id))?.getState())),
        (states) => states.every((state) => state === 'failed'),
      );
    } finally {
      await killer.close();
    }
  }

  const caughtWith = (messageId: string) =>
    connection.collection('caught_mails').countDocuments({ messageId });

  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4].map((n) => cappedDelay(30_000, n))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(cappedDelay(30_000, 12)).toBe(MAX_BACKOFF_MS);
    expect(cappedDelay(30_000, 200)).toBe(MAX_BACKOFF_MS);
  });

  it('the catcher keeps one copy of a Message-ID however often it is sent', async () => {
    const smtp = new SmtpMailAdapter(env.config);
    const messageId = messageIdFor('signed-copy.tok-twice');
    const mail = {
      messageId,
      to: ['twice@example.com'],
      subject: 'Twice',
      html: '<p>Once</p>',
      text: 'Once',
      attachments: [
        { filename: 'a.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF') },
      ],
    };
    try {
      // The second and third copies as a client would send them after a timeout: accepted, dropped.
      await Promise.all([smtp.send(mail), smtp.send(mail)]);
      await smtp.send(mail);
    } finally {
      smtp.close();
    }
    expect(await caughtWith(messageId)).toBe(1);
    const stored = await connection
      .collection('caught_mails')
      .findOne({ _id: caughtIdOf(messageId) as never });
    expect(stored).toMatchObject({ subject: 'Twice', attachments: [{ stored: true }] });
    expect(
      await connection
        .collection('caught_mail_attachments')
        .countDocuments({ mailId: stored?._id }),
    ).toBe(1);
  });

  it('records each mail with a stable Message-ID and queues it even when it cannot be queued now', async () => {
    const mail = api.get(MailService);
    const add = jest.spyOn(queue, 'add').mockRejectedValueOnce(new Error('Redis is down'));
    const recorded = await mail.send({
      key: 'reliability.lost-queue',
      template: { kind: 'test', data: {} },
      to: ['lost@example.com'],
    });
    add.mockRestore();
    expect(recorded).toMatchObject({
      status: 'queued',
      messageId: messageIdFor('reliability.lost-queue'),
    });
    expect(await queue.getJob(sendJobIdOf({ _id: recorded.id, requeues: 0 }))).toBeUndefined();

    // A delivery whose job stalled out (the worker killed twice mid-send): the job failed, the
    // delivery still says sending.
    await mail.send({
      key: 'reliability.stalled',
      template: { kind: 'test', data: {} },
      to: ['stalled@example.com'],
    });
    await failJobs([sendJobIdOf({ _id: 'reliability.stalled', requeues: 0 })]);
    const deliveries = mailDeliveries(connection);
    const long = new Date(Date.now() - 3600_000);
    await deliveries.updateOne(
      { _id: 'reliability.stalled' },
      { $set: { status: 'sending', attempts: 1, updatedAt: long } },
    );
    await deliveries.updateOne({ _id: 'reliability.lost-queue' }, { $set: { updatedAt: long } });

    worker = await startWorker(env.config);
    const sweeper = worker.get(MailSweeper);
    // (The worker's own scheduled sweep may run alongside: adding a job is idempotent by its
    // id and a re-queue is conditional on the count it read, so the outcome is the same.)
    await sweeper.sweep();
    for (const key of ['reliability.lost-queue', 'reliability.stalled']) {
      await waitFor(
        () => deliveries.findOne({ _id: key }),
        (d) => d?.status === 'sent',
      );
    }
    // Both jobs are done: a further sweep queues nothing.
    expect((await sweeper.sweep()).requeued).toBe(0);
    await worker.close();
    worker = undefined;

    for (const key of ['reliability.lost-queue', 'reliability.stalled']) {
      expect(await caughtWith(messageIdFor(key))).toBe(1);
    }
  });

  it('puts a mail that finally failed on its agreement card until it is sent again', async () => {
    const { _id: agreementId } = await insertStandardAgreement(api, {
      status: 'not signed',
    });
    const deliveries = mailDeliveries(connection);
    const mail = api.get(MailService);
    const add = jest.spyOn(queue, 'add').mockRejectedValueOnce(new Error('Redis is down'));
    await mail.send({
      key: 'reliability.gave-up',
      template: { kind: 'test', data: {} },
      to: ['gave-up@example.com'],
      agreementId: String(agreementId),
    });
    add.mockRestore();
    // Its last try ended without an outcome (killed mid-send): the sweep marks it failed.
    await queue.add(
      'send-mail',
      { deliveryId: 'reliability.gave-up' },
      { jobId: sendJobIdOf({ _id: 'reliability.gave-up', requeues: 0 }), attempts: 1 },
    );
    await failJobs([sendJobIdOf({ _id: 'reliability.gave-up', requeues: 0 })]);
    await deliveries.updateOne(
      { _id: 'reliability.gave-up' },
      { $set: { status: 'sending', attempts: 3, updatedAt: new Date(Date.now() - 3600_000) } },
    );
    worker = await startWorker(env.config);
    await worker.get(MailSweeper).sweep();
    expect(await deliveries.findOne({ _id: 'reliability.gave-up' })).toMatchObject({
      status: 'failed',
      lastError: 'job stalled more than allowable limit',
    });

    const card = await connection.collection('agreements').findOne({ _id: agreementId });
    expect(card?.mailProblem).toMatchObject({
      deliveryId: 'reliability.gave-up',
      template: 'test',
      error: 'job stalled more than allowable limit',
    });
    // The dashboard card shows it, with its error.
    const list = await dashboard().get('/api/user/details').expect(200);
    const row = (list.body.filteredClients as Array<{ _id: string; mailProblem: unknown }>).find(
      (r) => r._id === String(agreementId),
    );
    expect(row?.mailProblem).toEqual({
      deliveryId: 'reliability.gave-up',
      mail: 'test',
      error: 'job stalled more than allowable limit',
      at: expect.any(String),
    });

    // Staff with dashboard access send it again from the card; the retry goes in the history.
    await dashboard()
      .post(`/api/agreements/${String(agreementId)}/mail/retry`)
      .expect(202);
    await dashboard()
      .post(`/api/agreements/${String(agreementId)}/mail/retry`)
      .expect(409);
    await waitFor(
      () => deliveries.findOne({ _id: 'reliability.gave-up' }),
      (d) => d?.status === 'sent',
    );
    const after = await connection.collection('agreements').findOne({ _id: agreementId });
    expect(after?.mailProblem).toBeNull();
    expect(eventTypes(after as never)).toContain('mail_retried');
    expect(await caughtWith(messageIdFor('reliability.gave-up'))).toBe(1);
  });
});
