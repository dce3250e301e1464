import type { INestApplication } from '@nestjs/common';
import { mailKeyOfLink } from './support/agreements';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { HttpStandIn } from './support/http-stand-in';
import { seedBaseData } from './support/seed';
import { PUBLIC_SIGNING_URL, signerHttp } from './support/signing-fixtures';
import { DEMO_PROJECT_ID, sowBody } from './support/sow-fixtures';
import { staffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const UPLOAD = '/v1/pm/file/upload/contract-sow';

/**
 * A SOW's finish when the file service (the real HTTP adapter, against a
 * stand-in of the affiliate hub) fails: the partner is told it failed, the
 * finish stops at that step, and a retry completes it without redoing the rest.
 */
describe('SOW finish: file-service failure, then retry', () => {
  const hub = new HttpStandIn();
  let env: ReturnType<typeof createTestEnv>;
  let api: INestApplication;
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
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await api?.close();
    await hub.stop();
    await env.cleanup();
  });

  it('answers 502 while the hub fails, keeps the steps done, and completes on the retry', async () => {
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

    hub.expect({ method: 'POST', path: UPLOAD, status: 500, reply: { message: 'hub down' } });
    await signer.post(`/api/sow/finish/${customId}`).send({ agreedToTerms: true }).expect(502);
    hub.verify();
    const stopped = await connection.collection('agreements').findOne({ token: customId });
    expect(stopped?.status).toBe('signed');
    expect(stopped?.finish).toMatchObject({ state: 'in_progress', failedStep: 'signedPdfFiled' });
    // Recorded as done (MongoDB keeps $set fields in name order, not in step order).
    expect(Object.keys(stopped?.finish.steps ?? {}).sort()).toEqual(
      ['signaturePlaced', 'auditTrail', 'merged', 'signedCopyMail', 'crmStageSigned'].sort(),
    );
    // The signer's copy went before the file service: its failure never withholds it.
    expect(
      await mailDeliveries(connection).countDocuments({
        _id: await mailKeyOfLink(connection, customId, 'signed-copy'),
      }),
    ).toBe(1);

    hub.reset();
    hub.expect({ method: 'POST', path: UPLOAD, status: 201, reply: { ok: true } });
    const done = await signer
      .post(`/api/sow/finish/${customId}`)
      .send({ agreedToTerms: true })
      .expect(200);
    hub.verify();
    expect(done.body.signedDocLink).toBe(stopped?.signedDocLink);
    const registration = hub.requests[0];
    expect(registration.headers.authorization).toBe('Bearer hub-token');
    expect(registration.body).toMatchObject({
      projectId: DEMO_PROJECT_ID,
      driveLink: stopped?.signedDocLink,
      fileType: 'application/pdf',
    });
    const finished = await connection.collection('agreements').findOne({ token: customId });
    expect(finished?.finish.state).toBe('completed');
    expect(
      await mailDeliveries(connection).countDocuments({
        _id: await mailKeyOfLink(connection, customId, 'signed-copy'),
      }),
    ).toBe(1);
  });
});
