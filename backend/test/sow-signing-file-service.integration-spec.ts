import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { mailKeyOfLink } from './support/agreements';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { HttpStandIn } from './support/http-stand-in';
import { seedBaseData } from './support/seed';
import { PUBLIC_SIGNING_URL, sealedFinish, signerHttp } from './support/signing-fixtures';
import { DEMO_PROJECT_ID, sowBody } from './support/sow-fixtures';
import { staffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const UPLOAD = '/v1/pm/file/upload/contract-sow';

/**
 * A SOW's seal when the file service (the real HTTP adapter, against a
 * stand-in of the affiliate hub) fails: the partner's finish has answered
 * signed already, the worker's seal stops at that step, and the job's retry
 * completes it without redoing the rest.
 */
describe('SOW finish: file-service failure, then retry', () => {
  const hub = new HttpStandIn();
  let env: ReturnType<typeof createTestEnv>;
  let api: INestApplication;
  let worker: INestApplicationContext;
  let connection: Connection;

  beforeAll(async () => {
    await hub.start();
    env = createTestEnv(__filename, {
      PUBLIC_SIGNING_URL,
      FILE_SERVICE_ADAPTER: 'http',
      FILE_SERVICE_URL: `${hub.url}/`,
      FILE_SERVICE_TOKEN: 'hub-token',
    });
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await hub.stop();
    await env.cleanup();
  });

  it('answers signed while the hub fails; the seal stops at the file service, keeps the steps done, and the job’s retry completes it', async () => {
    const pm = await staffHttp(api, 'pm@prosign.example');
    const body = sowBody();
    const created = await pm().post('/api/sow/create-contract').send(body).expect(200);
    const sent = await pm()
      .post('/api/sow/send-contract')
      .send({ ...body, docLink: created.body.docLink })
      .expect(200);
    const customId = sent.body.customId as string;
    const signer = signerHttp(api, { linkToken: customId });
    await signer
      .post(`/api/sow/upload-text-signature/${customId}`)
      .send({ textSignature: 'Mei Lin' })
      .expect(200);

    // The hub fails the seal job's first registration and accepts its retry (BullMQ's backoff).
    hub.expect(
      { method: 'POST', path: UPLOAD, status: 500, reply: { message: 'hub down' } },
      { method: 'POST', path: UPLOAD, status: 201, reply: { ok: true } },
    );
    const answer = await signer
      .post(`/api/sow/finish/${customId}`)
      .send({ agreedToTerms: true })
      .expect(200);
    // The partner is told it is signed; the sealed PDF follows in the worker.
    expect(answer.body).toMatchObject({
      status: 'signed',
      signedDocLink: '',
      auditTrailDocLink: '',
    });

    const stopped = await waitFor(
      () => connection.collection('agreements').findOne({ token: customId }),
      (record) => record?.finish?.failedStep === 'signedPdfFiled',
      { intervalMs: 20 },
    );
    expect(stopped?.status).toBe('signed');
    expect(stopped?.finish).toMatchObject({ state: 'in_progress', failedStep: 'signedPdfFiled' });
    // Recorded as done (MongoDB keeps $set fields in name order, not in step order).
    expect(Object.keys(stopped?.finish.steps ?? {}).sort()).toEqual(
      ['signaturePlaced', 'auditTrail', 'merged', 'signedCopyMail', 'crmStageSigned'].sort(),
    );
    expect(hub.requests).toHaveLength(1);
    // The signer's copy went before the file service: its failure never withholds it.
    expect(
      await mailDeliveries(connection).countDocuments({
        _id: await mailKeyOfLink(connection, customId, 'signed-copy'),
      }),
    ).toBe(1);

    const done = await sealedFinish(api, customId);
    hub.verify();
    expect(done.signedDocLink).toBe(stopped?.signedDocLink);
    // A finish called again now answers the sealed PDF's links.
    expect(
      (await signer.post(`/api/sow/finish/${customId}`).send({ agreedToTerms: true }).expect(200))
        .body,
    ).toEqual(done);
    expect(hub.requests).toHaveLength(2);
    const registration = hub.requests[1];
    expect(registration.headers.authorization).toBe('Bearer hub-token');
    expect(registration.body).toMatchObject({
      projectId: DEMO_PROJECT_ID,
      driveLink: stopped?.signedDocLink,
      fileType: 'application/pdf',
    });
    const finished = await connection.collection('agreements').findOne({ token: customId });
    expect(finished?.finish).toMatchObject({ state: 'completed', attempts: 2, failedStep: null });
    expect(
      await mailDeliveries(connection).countDocuments({
        _id: await mailKeyOfLink(connection, customId, 'signed-copy'),
      }),
    ).toBe(1);
  });
});
