import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection, Types } from 'mongoose';
import { migrate, MigrateModule } from '../src/migrations/migrate.module';
import {
  AgreementRepository,
  AgreementSendService,
  agreementMailKey,
} from '../src/modules/agreements';
import { mailDeliveries, messageIdFor } from '../src/modules/mail/mail-delivery.collection';
import { seedBaseData } from './support/seed';
import { PUBLIC_SIGNING_URL, sendContract } from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const CSM = { email: 'csm@prosign.example' };

/**
 * Records an older version stored with the signing token in their keys (a resend's send key,
 * a mail's delivery key) are renamed by their migrations to the keys the product computes
 * now; the send, the resend and the mail service then find them there, with no lookup of
 * the old keys left in the code.
 */
describe('token-free keys, after their migrations', () => {
  const env = createTestEnv(__filename, { PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let migrateApp: INestApplicationContext | undefined;
  let connection: Connection;
  let csm: StaffHttp;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    connection = api.get(getConnectionToken(), { strict: false });
    csm = await staffHttp(api, CSM.email);
  });

  afterAll(async () => {
    await migrateApp?.close();
    await api?.close();
    await env.cleanup();
  });

  it('renames an unfinished send’s link mail and a begun resend; both go on under the new keys', async () => {
    const { token } = await sendContract(csm, { email: 'old.keys@example.com' });
    const agreements = connection.collection('agreements');
    const stored = (await agreements.findOne({ token }))!;
    const agreementId = stored._id as Types.ObjectId;
    const newKey = agreementMailKey({ _id: agreementId, family: 'standard' }, 'review-link');
    const tokenKey = `contract-review-link.${token}`;
    const recordedAt = new Date('2026-11-20T10:00:00.000Z');

    // As an older version left it: the link mail under the token key with a readable
    // Message-ID, listed as pending on the card, the send's link-mail step not yet done.
    const deliveries = mailDeliveries(connection);
    const mailed = (await deliveries.findOne({ _id: newKey }))!;
    await deliveries.deleteOne({ _id: newKey });
    await deliveries.insertOne({
      ...mailed,
      _id: tokenKey,
      messageId: `<${tokenKey}.0123456789abcdef@prosign.mail>`,
      createdAt: recordedAt,
    });
    const pendingEntry = {
      deliveryId: tokenKey,
      template: 'review-link',
      since: recordedAt,
      attempts: 0,
      lastError: null,
    };
    await agreements.updateOne(
      { _id: agreementId },
      {
        $set: { 'send.state': 'in_progress', mailPending: [pendingEntry] },
        $unset: { 'send.steps.reviewLinkMail': '' },
      },
    );
    // …and a resend of it begun under the token key, its record made, not yet marked resent.
    await csm().post('/api/update/cancel-contract').send({ token }).expect(200);
    const repository = api.get(AgreementRepository, { strict: false });
    const sender = api.get(AgreementSendService, { strict: false });
    const begun = await sender.resend((await repository.findById(agreementId))!, CSM);
    const links = connection.collection<{ _id: string }>('agreement_links');
    const resendLink = (await links.findOne({ _id: `send:resend-of.${String(agreementId)}` }))!;
    await links.deleteOne({ _id: resendLink._id });
    await links.insertOne({ ...resendLink, _id: `send:resend-of.${token}` });

    migrateApp = await NestFactory.createApplicationContext(MigrateModule.forRoot(env.config), {
      logger: false,
    });
    const outcomes = await migrate(migrateApp);
    expect(outcomes).toContainEqual({
      id: '2026-12-06-resend-keys-by-agreement-id',
      result: 'applied',
      summary: '1 resend key(s) renamed',
    });
    expect(outcomes).toContainEqual(
      expect.objectContaining({ id: '2026-12-06-token-free-mail-keys', result: 'applied' }),
    );

    // The mail is the same record under the key of today, sent with the Message-ID it had.
    expect(await deliveries.countDocuments({ _id: tokenKey })).toBe(0);
    const renamed = await deliveries.findOne({ _id: newKey });
    expect(renamed).toMatchObject({ createdAt: recordedAt, messageId: messageIdFor(tokenKey) });
    expect((await agreements.findOne({ _id: agreementId }))?.mailPending).toEqual([
      { ...pendingEntry, deliveryId: newKey },
    ]);
    for (const key of await deliveries.distinct('_id')) expect(key).not.toContain(token);

    // The send's retry finds that mail: nothing recorded (or mailed) a second time.
    await sender.run((await repository.findById(agreementId))!, CSM, ['reviewLinkMail']);
    expect(await deliveries.findOne({ _id: newKey })).toMatchObject({ createdAt: recordedAt });
    expect(
      await deliveries.countDocuments({
        agreementId: String(agreementId),
        template: mailed.template,
      }),
    ).toBe(1);

    // Resend goes on with the agreement its first attempt made, no third one.
    const count = await agreements.countDocuments();
    const resent = await csm().put('/api/update/resend').send({ token }).expect(200);
    expect(resent.body._id).toBe(begun._id);
    expect(await agreements.countDocuments()).toBe(count);
    expect(await links.countDocuments({ _id: `send:resend-of.${token}` })).toBe(0);
  });
});
