import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { createAccessFlags, type AgreementMailPending } from '@prosign/domain';
import type { Queue } from 'bullmq';
import mongoose, { createConnection, type Connection } from 'mongoose';
import { MailCatcher } from '../src/integrations/mail/mail-catcher';
import { AccessService } from '../src/modules/access/access.service';
import { mailDeliveries, messageIdFor } from '../src/modules/mail/mail-delivery.collection';
import { MailService, sendJobIdOf } from '../src/modules/mail/mail.service';
import { QueueName } from '../src/platform/queues/queue-names';
import { insertStandardAgreement } from './support/agreements';
import { DownPort } from './support/down-port';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { RealtimePublisher } from '../src/platform/realtime/realtime-publisher';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const quiet = { log: () => undefined, warn: () => undefined };

interface ListedCard {
  _id: string;
  mailPending?: AgreementMailPending[];
  mailProblem?: { deliveryId: string; error: string } | null;
}

/**
 * A mail of an agreement that is not handed to the mail transport yet is on
 * its card as pending (tries so far, the last error) until it is sent, or until
 * it finally fails and the mail problem takes its place.
 */
describe('pending mail on the agreement card', () => {
  let env: TestEnv;
  let connection: Connection;
  /** The mail transport's port. */
  let port: number;
  /** Holds it while "SMTP is down". */
  let smtpDown: DownPort | undefined;
  let catcher: MailCatcher | undefined;
  let api: INestApplication;
  let worker: INestApplicationContext | undefined;
  let dashboard: StaffHttp;
  let queue: Queue;

  beforeAll(async () => {
    smtpDown = await DownPort.open();
    port = smtpDown.port;
    env = createTestEnv(__filename, {
      MAIL_CATCHER_PORT: String(port),
      MAIL_SWEEP_EVERY_MS: '600000',
      // Quick retries (300 ms, 600 ms, 1.2 s…) so a test sees several fail, then one succeed.
      MAIL_RETRY_DELAY_MS: '300',
      MAIL_SEND_ATTEMPTS: '12',
    });
    connection = await createConnection(env.config.MONGODB_URI).asPromise();
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
    await smtpDown?.release();
    await connection?.close();
    await env?.cleanup();
  });

  /** The agreement's card as the standard dashboard's list gives it. */
  async function listedCard(agreementId: string): Promise<ListedCard | undefined> {
    const list = await dashboard().get('/api/user/details').expect(200);
    return (list.body.filteredClients as ListedCard[]).find((row) => row._id === agreementId);
  }

  const caughtWith = (messageId: string) =>
    connection.collection('caught_mails').countDocuments({ messageId });

  it('shows a mail sent while SMTP is unreachable as pending, with its tries, until it is sent', async () => {
    const { _id } = await insertStandardAgreement(api, { status: 'not signed' });
    const agreementId = String(_id);
    const key = 'pending.smtp-down';

    await api.get(MailService).send({
      key,
      template: { kind: 'test', data: {} },
      to: ['waiting@example.com'],
      agreementId,
    });
    // Recorded, no worker yet: pending from now, no try made.
    expect((await listedCard(agreementId))?.mailPending).toEqual([
      { deliveryId: key, mail: 'test', since: expect.any(String), attempts: 0, lastError: null },
    ]);

    // Open dashboards hear of each change of the card's mail line (tries, then sent). Watched
    // before the worker starts: it makes its first try while it is still starting up.
    const announced = jest.spyOn(RealtimePublisher.prototype, 'agreementChanged');
    const announcedForThis = () =>
      announced.mock.calls.filter(([event]) => event.id === agreementId).length;
    // SMTP is unreachable: each try fails, the card counts them and keeps the last error.
    worker = await startWorker(env.config);
    const failing = await waitFor(
      () => listedCard(agreementId),
      (card) => (card?.mailPending?.[0]?.attempts ?? 0) >= 2,
    );
    expect(failing?.mailPending).toEqual([
      {
        deliveryId: key,
        mail: 'test',
        since: expect.any(String),
        attempts: expect.any(Number),
        lastError: expect.stringMatching(/ECONNRESET/),
      },
    ]);
    expect(failing?.mailProblem ?? null).toBeNull();
    const delivery = await mailDeliveries(connection).findOne({ _id: key });
    expect(delivery?.status).toBe('retrying');

    // SMTP is back: the next retry hands it to the transport, and the card is clear.
    catcher = new MailCatcher(connection, quiet);
    await smtpDown?.release();
    smtpDown = undefined;
    await catcher.listen(port);
    await waitFor(
      () => mailDeliveries(connection).findOne({ _id: key }),
      (d) => d?.status === 'sent',
      { timeoutMs: 20_000 },
    );
    // Taken off the card right after the delivery is marked sent.
    const sent = await waitFor(
      () => listedCard(agreementId),
      (card) => card?.mailPending?.length === 0,
    );
    expect(sent?.mailPending).toEqual([]);
    // Two failed tries and the send, at the least.
    await waitFor(
      async () => announcedForThis(),
      (count) => count >= 3,
    );
    expect(announced).toHaveBeenCalledWith({
      family: 'standard',
      id: agreementId,
      status: 'not signed',
    });
    expect(sent?.mailProblem ?? null).toBeNull();
    expect(await caughtWith(messageIdFor(key))).toBe(1);
    announced.mockRestore();
  }, 60_000);

  it('a mail sent at once leaves nothing pending', async () => {
    const { _id } = await insertStandardAgreement(api, { status: 'not signed' });
    const agreementId = String(_id);
    await api.get(MailService).send({
      key: 'pending.at-once',
      template: { kind: 'test', data: {} },
      to: ['at-once@example.com'],
      agreementId,
    });
    await waitFor(
      () => mailDeliveries(connection).findOne({ _id: 'pending.at-once' }),
      (d) => d?.status === 'sent',
    );
    // Taken off the card right after the delivery is marked sent.
    await waitFor(
      () => listedCard(agreementId),
      (card) => card?.mailPending?.length === 0,
    );
    // A repeated request for a mail already sent puts nothing back on the card.
    await api.get(MailService).send({
      key: 'pending.at-once',
      template: { kind: 'test', data: {} },
      to: ['at-once@example.com'],
      agreementId,
    });
    expect((await listedCard(agreementId))?.mailPending).toEqual([]);
    expect(await caughtWith(messageIdFor('pending.at-once'))).toBe(1);
  });

  it("takes a mail sent at once off the card without reading the card's pending list", async () => {
    const { _id } = await insertStandardAgreement(api, { status: 'not signed' });
    const agreementId = String(_id);
    const reads: string[] = [];
    // Every read of this agreement, by any process of the test (the api records, the worker sends).
    mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
      const id = (filter as { _id?: unknown } | undefined)?._id;
      if (collection === 'agreements' && method.startsWith('find') && String(id) === agreementId)
        reads.push(method);
    });
    try {
      await api.get(MailService).send({
        key: 'pending.unread',
        template: { kind: 'test', data: {} },
        to: ['unread@example.com'],
        agreementId,
      });
      await waitFor(
        () => listedCard(agreementId),
        (card) => card?.mailPending?.length === 0,
      );
    } finally {
      mongoose.set('debug', false);
    }
    // The entry it was listed with is pulled unread; the one read left is the card's family
    // and status for the dashboards' event (the list was read before each pull until now).
    expect(reads.filter((method) => method === 'findOne')).toHaveLength(1);
    expect(await caughtWith(messageIdFor('pending.unread'))).toBe(1);
  });

  it('a mail that finally fails leaves pending and becomes the card’s mail problem', async () => {
    await catcher?.close();
    catcher = undefined;
    smtpDown = await DownPort.open(port);
    const { _id } = await insertStandardAgreement(api, { status: 'not signed' });
    const agreementId = String(_id);
    const key = 'pending.gives-up';
    // Recorded, its job added here with a single try so it gives up at once.
    const add = jest.spyOn(queue, 'add').mockRejectedValueOnce(new Error('Redis is down'));
    await api.get(MailService).send({
      key,
      template: { kind: 'test', data: {} },
      to: ['gives-up@example.com'],
      agreementId,
    });
    add.mockRestore();
    expect((await listedCard(agreementId))?.mailPending).toHaveLength(1);
    await queue.add(
      'send-mail',
      { deliveryId: key },
      { jobId: sendJobIdOf({ _id: key, requeues: 0 }), attempts: 1 },
    );
    await waitFor(
      () => mailDeliveries(connection).findOne({ _id: key }),
      (d) => d?.status === 'failed',
    );
    const card = await waitFor(
      () => listedCard(agreementId),
      (c) => (c?.mailPending ?? []).length === 0,
    );
    expect(card?.mailProblem).toMatchObject({
      deliveryId: key,
      error: expect.stringMatching(/ECONNRESET/),
    });
  });
});
