import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { CrmStageMoves } from '../src/modules/crm';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const JANE = { name: 'Jane Roe', email: 'jane.roe@example.com' };

/**
 * The deal's signing link on the local CRM: the deal's link property (`contract_link`, spec 2's
 * "update-deal-stage-to-sent {contractLink}") never points at a dead link. After a hand-over it
 * holds the new signer's live link, and a send's write retried after it too (the write reads
 * the live link when it runs; its record holds no token); after a cancel or a decline it is
 * cleared, and a resend's write puts the new agreement's live link there.
 */
describe("the deal's link property follows the live signing link", () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let connection: Connection;
  let csm: StaffHttp;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    connection = api.get<Connection>(getConnectionToken(), { strict: false });
    csm = await staffHttp(api, 'csm@prosign.example');
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  /** The write once the worker is done with it (after `since`, when given: a re-run). */
  const moved = (id: string, since?: Date) =>
    waitFor(
      () => connection.collection('crm_stage_moves').findOne({ _id: id as never }),
      (doc) =>
        doc?.status === 'moved' && (!since || (doc.movedAt as Date).getTime() > since.getTime()),
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  const dealLink = async (dealId: string) =>
    (await connection.collection('crm_deals').findOne({ _id: dealId as never }))?.properties
      ?.contract_link as string | undefined;
  const agreementOf = (filter: Record<string, unknown>) =>
    connection.collection('agreements').findOne(filter);
  const movesOf = (agreementId: string) =>
    connection
      .collection('crm_stage_moves')
      .find({ _id: { $regex: `\\.${agreementId}$` } as never })
      .toArray();

  it('after a hand-over holds the new signer’s link (a send’s write retried after it too), and is cleared on a decline', async () => {
    const dealId = '40000001';
    const sent = await sendContract(csm, { hsDealId: dealId });
    const stored = (await agreementOf({ token: sent.token }))!;
    const id = String(stored._id);
    await moved(`standard-sent.${id}`);
    expect(await dealLink(dealId)).toBe(stored.signingLink);

    await signerHttp(api).post('/api/verifyToken').send({ token: sent.token }).expect(200);
    await signerHttp(api)
      .post('/api/signing/hand-over')
      .send({ token: sent.token, ...JANE })
      .expect(200);
    const handedOver = (await agreementOf({ _id: stored._id }))!;
    expect(handedOver.token).not.toBe(sent.token);
    await moved(`standard-handed-over-1.${id}`);
    // The new signer's link; the old one is dead.
    expect(await dealLink(dealId)).toBe(handedOver.signingLink);
    expect(handedOver.signingLink).toContain(handedOver.token);
    await signerHttp(api).post('/api/verifyToken').send({ token: sent.token }).expect(409);

    // The send's write run again after the hand-over (retried through a CRM outage, say):
    // it reads the live link when it runs, so it does not bring the dead one back.
    const sentKey = `standard-sent.${id}`;
    await connection
      .collection('crm_stage_moves')
      .updateOne({ _id: sentKey as never }, { $set: { status: 'failed' } });
    const requeuedAt = new Date();
    await api.get(CrmStageMoves, { strict: false }).requeue(sentKey);
    await moved(sentKey, requeuedAt);
    expect(await dealLink(dealId)).toBe(handedOver.signingLink);

    // No write's record carries a signing token (the worker reads the link from the agreement).
    const records = JSON.stringify(await movesOf(id));
    expect(records).not.toContain(sent.token);
    expect(records).not.toContain(handedOver.token as string);

    // Jane declines: every link closes, and the deal keeps none.
    await signerHttp(api)
      .post('/api/signing/decline')
      .send({ token: handedOver.token, reason: 'Not ours to sign.' })
      .expect(200);
    await moved(`standard-declined.${id}`);
    expect(await dealLink(dealId)).toBe('');
  });

  it('is cleared on a cancel, and a resend puts the new agreement’s live link there', async () => {
    const dealId = '40000002';
    const sent = await sendContract(csm, { hsDealId: dealId });
    const stored = (await agreementOf({ token: sent.token }))!;
    const id = String(stored._id);
    await moved(`standard-sent.${id}`);
    expect(await dealLink(dealId)).toBe(stored.signingLink);

    await csm().post('/api/update/cancel-contract').send({ token: sent.token }).expect(200);
    await moved(`standard-cancelled.${id}`);
    expect(await dealLink(dealId)).toBe('');

    await csm().put('/api/update/resend').send({ token: sent.token }).expect(200);
    const replacedBy = (await agreementOf({ _id: stored._id }))!.replacedBy as string;
    const resent = (await agreementOf({ _id: new Types.ObjectId(replacedBy) }))!;
    await moved(`standard-sent.${replacedBy}`);
    expect(await dealLink(dealId)).toBe(resent.signingLink);
    expect(resent.signingLink).toContain(resent.token);
    expect(JSON.stringify(await movesOf(replacedBy))).not.toContain(resent.token as string);
  });
});
