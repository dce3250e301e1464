import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { createConnection, type Connection } from 'mongoose';
import { MailCatcher } from '../src/integrations/mail/mail-catcher';
import { MailService } from '../src/modules/mail/mail.service';
import { DownPort } from './support/down-port';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const quiet = { log: () => undefined, warn: () => undefined };

describe('mail end to end: queue → worker → SMTP → catcher → mailbox', () => {
  let env: TestEnv;
  let connection: Connection;
  let catcher: MailCatcher;
  let api: INestApplication;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    const probe = createTestEnv(__filename);
    connection = await createConnection(probe.config.MONGODB_URI).asPromise();
    catcher = new MailCatcher(connection, quiet);
    const port = await catcher.listen(0);
    env = createTestEnv(__filename, { MAIL_CATCHER_PORT: String(port) });
    // The catcher writes where the api reads: the same database.
    await connection.close();
    connection = await createConnection(env.config.MONGODB_URI).asPromise();
    await catcher.close();
    catcher = new MailCatcher(connection, quiet);
    await catcher.listen(port);
    await probe.cleanup();

    ({ app: api } = await startApi(env.config));
    http = await staffHttp(api);
    worker = await startWorker(env.config);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await catcher?.close();
    await connection?.close();
    await env?.cleanup();
  });

  let http: StaffHttp;
  const deliveryOf = (id: string) =>
    waitFor(
      async () =>
        (await http().get(`/api/mail/deliveries/${id}`).expect(200)).body as { status: string },
      (d) => d.status === 'sent' || d.status === 'failed',
    );

  it('delivers a test mail through real SMTP into the mailbox', async () => {
    const accepted = await http()
      .post('/api/mail/test')
      .send({ to: 'staff@prosign.example' })
      .expect(202);
    expect(accepted.body).toMatchObject({
      status: 'queued',
      to: ['staff@prosign.example'],
      subject: 'ProSign test mail',
    });

    const done = await deliveryOf(accepted.body.id);
    expect(done).toMatchObject({
      status: 'sent',
      attempts: 1,
      messageId: expect.stringMatching(/^<.+>$/),
    });

    const box = await http().get('/api/mailbox').expect(200);
    expect(box.body.total).toBe(1);
    expect(box.body.messages[0]).toMatchObject({
      from: expect.stringContaining('no-reply@prosign.local'),
      to: ['staff@prosign.example'],
      subject: 'ProSign test mail',
      receivedAt: expect.any(String),
    });
    expect(box.body.messages[0]).not.toHaveProperty('html');
    const mail = await http().get(`/api/mailbox/${box.body.messages[0].id}`).expect(200);
    expect(mail.body.html).toContain('Mail is working');
    expect(mail.body.text).toContain('Mail is working');
  });

  it('sends a signing link once per key, with the link clickable in HTML and written out in text', async () => {
    const mail = api.get(MailService);
    const link =
      'http://localhost:8084/tok123?docLink=https%3A%2F%2Fdocs%2Fd%2Fabc%2Fedit&prefix=std';
    const request1 = {
      key: 'signing-link.tok123',
      template: {
        kind: 'signing-link' as const,
        data: {
          recipientName: 'Jo <script>',
          agreementTitle: 'Engineering Services Agreement',
          link,
        },
      },
      to: ['jo@example.com'],
      cc: ['csm@prosign.example'],
    };
    const first = await mail.send(request1);
    await mail.send(request1);
    await deliveryOf(first.id);

    const box = await http().get('/api/mailbox').expect(200);
    const caught = box.body.messages.filter((m: { subject: string }) =>
      m.subject.includes('Engineering Services Agreement'),
    );
    expect(caught).toHaveLength(1);
    expect(caught[0].cc).toEqual(['csm@prosign.example']);
    const full = await http().get(`/api/mailbox/${caught[0].id}`).expect(200);
    expect(full.body.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(full.body.html).toContain('Jo &lt;script&gt;');
    expect(full.body.html).not.toContain('<script>');
    expect(full.body.text).toContain(`Review and sign: ${link}`);
  });

  it('puts the requested link into a test mail, clickable in the caught HTML', async () => {
    const link = 'http://localhost:8080/mailbox?from=test';
    const accepted = await http()
      .post('/api/mail/test')
      .send({ to: 'links@prosign.example', link })
      .expect(202);
    await deliveryOf(accepted.body.id);
    const box = await http().get('/api/mailbox').expect(200);
    const caught = box.body.messages.find((m: { to: string[] }) =>
      m.to.includes('links@prosign.example'),
    );
    const full = await http().get(`/api/mailbox/${caught.id}`).expect(200);
    expect(full.body.html).toContain(`href="${link}"`);
    expect(full.body.text).toContain(`Open the link: ${link}`);

    const bad = await http()
      .post('/api/mail/test')
      .send({ to: 'links@prosign.example', link: 'javascript:alert(1)' })
      .expect(400);
    expect(bad.body.message).toEqual(['link must be an http(s) URL']);
  });

  it('lists deliveries by status and refuses an unknown status', async () => {
    const sent = await http().get('/api/mail/deliveries').query({ status: 'sent' }).expect(200);
    expect(sent.body.deliveries.length).toBeGreaterThanOrEqual(2);
    expect(sent.body.deliveries[0]).not.toHaveProperty('html');
    const bad = await http().get('/api/mail/deliveries').query({ status: 'lost' }).expect(400);
    expect(bad.body.message[0]).toMatch(/^status must be one of: queued/);
    await http().post('/api/mail/test').send({ to: 'not-an-address' }).expect(400);
    await http().get('/api/mailbox/no-such-mail').expect(404);
  });
});

describe('mail when the SMTP server is down', () => {
  let env: TestEnv;
  let api: INestApplication;
  let worker: INestApplicationContext;
  let smtp: DownPort;

  beforeAll(async () => {
    smtp = await DownPort.open();
    env = createTestEnv(__filename, {
      MAIL_ADAPTER: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      MAIL_SEND_ATTEMPTS: '2',
      MAIL_RETRY_DELAY_MS: '50',
    });
    ({ app: api } = await startApi(env.config));
    http = await staffHttp(api);
    worker = await startWorker(env.config);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env?.cleanup();
    await smtp?.release();
  });

  let http: StaffHttp;

  it('retries, then records the delivery as failed with the reason, visible to admins', async () => {
    const accepted = await http()
      .post('/api/mail/test')
      .send({ to: 'someone@example.com' })
      .expect(202);
    const failed = await waitFor(
      async () => (await http().get(`/api/mail/deliveries/${accepted.body.id}`).expect(200)).body,
      (d: { status: string }) => d.status === 'failed',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: expect.stringMatching(/connect ECONNRESET/),
    });

    const list = await http().get('/api/mail/deliveries').query({ status: 'failed' }).expect(200);
    expect(list.body.deliveries.map((d: { id: string }) => d.id)).toEqual([accepted.body.id]);

    // Re-queued by an admin: it tries again (and fails again, the server is still down).
    const again = await http().post(`/api/mail/deliveries/${accepted.body.id}/retry`).expect(202);
    expect(again.body.status).toBe('queued');
    await waitFor(
      async () => (await http().get(`/api/mail/deliveries/${accepted.body.id}`).expect(200)).body,
      (d: { status: string; attempts: number }) => d.status === 'failed' && d.attempts === 4,
    );
    const notFailed = await http().post('/api/mail/deliveries/nope/retry').expect(404);
    expect(notFailed.body.message).toBe('Mail delivery nope not found');
  });

  it('has no mailbox and reports smtp in health', async () => {
    const res = await http().get('/api/mailbox').expect(404);
    expect(res.body.message).toBe('The mailbox exists only with MAIL_ADAPTER=local');
    expect((await http().get('/api/health').expect(200)).body.adapters.mail).toBe('smtp');
  });
});
