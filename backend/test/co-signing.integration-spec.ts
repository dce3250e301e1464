import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { insertStandardAgreement, mailKeyOfLink } from './support/agreements';
import { CO_DEALS, coDealFixture, sendCo, type CoDealFixture } from './support/co-fixtures';
import { pdfText } from './support/pdf-text';
import { seedBaseData } from './support/seed';
import {
  expectSignedOnceThenSealed,
  PUBLIC_SIGNING_URL,
  signerHttp,
} from './support/signing-fixtures';
import { sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

/**
 * The client signatory's calls of a change order (spec 3 §2 "CO signing page",
 * spec 2 §7) on the real api, worker, database and local CRM: link check
 * before the captcha, view counted, typed signature, Agree and Finish once —
 * sealed PDF with the audit trail, signed copy mailed, the CO deal moved to
 * the signed stage.
 */
describe('CO signing: verify-link, get-contract, views, text signature, finish', () => {
  const env = createTestEnv(__filename, { PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let csm: StaffHttp;
  let admin: StaffHttp;
  let pm: StaffHttp;
  let connection: Connection;
  let deal: CoDealFixture;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    csm = await staffHttp(api, 'csm@prosign.example');
    admin = await staffHttp(api, 'admin@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
    deal = await coDealFixture(csm);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  const sentCo = async (fixture = deal) => (await sendCo(csm, fixture)).customId;
  const signer = (customId: string, options: { pass?: boolean } = {}) =>
    signerHttp(api, { linkToken: customId, ...options });
  const stored = (customId: string) =>
    connection.collection('agreements').findOne({ family: 'co', token: customId });

  it('checks the link before the captcha, then needs the pass for everything else', async () => {
    const customId = await sentCo();
    const checked = await signer(customId, { pass: false })
      .get(`/api/co/verify-link/${customId}`)
      .expect(200);
    expect(checked.body).toEqual({ valid: true, linkState: 'open' });
    await signer('nope', { pass: false }).get('/api/co/verify-link/nope').expect(404);

    for (const [method, url, body] of [
      ['get', `/api/co/get-contract/${customId}`, undefined],
      ['post', `/api/co/increase-viewed-times/${customId}`, {}],
      ['post', `/api/co/upload-text-signature/${customId}`, { textSignature: 'X' }],
      ['post', `/api/co/finish/${customId}`, { agreedToTerms: true }],
      ['get', `/api/co/create-audit-trail/${customId}`, undefined],
    ] as const) {
      const test = signer(customId, { pass: false })[method](url);
      await (body ? test.send(body) : test).expect(403);
    }

    const contract = await signer(customId).get(`/api/co/get-contract/${customId}`).expect(200);
    expect(contract.body).toMatchObject({
      customId,
      signatory_name: deal.signatory.name,
      project_address: '221 Alder Court, San Jose, CA 95112',
      description: 'Add a structural beam over the new kitchen opening.',
      fee: 1500,
      payment_terms: 'Split Payment',
      firstPayment: 900,
      secondPayment: 600,
      status: 'not-signed',
      linkState: 'open',
    });
    expect(contract.body.agreementTitle).toContain('Change Order');
    // Reading the contract counts no view; unknown links are 404 with the pass too.
    expect((await stored(customId))?.viewedTimes).toBe(0);
    await signer('nope').get('/api/co/get-contract/nope').expect(404);
  });

  it('answers a SOW’s and a standard contract’s customId as unknown on the CO routes (and a CO’s on the SOW routes)', async () => {
    const sow = sowBody();
    const created = await pm().post('/api/sow/create-contract').send(sow).expect(200);
    const sent = await pm()
      .post('/api/sow/send-contract')
      .send({ ...sow, docLink: created.body.docLink })
      .expect(200);
    const sowId = sent.body.customId as string;
    await signer(sowId, { pass: false }).get(`/api/co/verify-link/${sowId}`).expect(404);
    await signer(sowId).get(`/api/co/get-contract/${sowId}`).expect(404);
    await signer(sowId).post(`/api/co/increase-viewed-times/${sowId}`).expect(404);
    const standard = await insertStandardAgreement(api, { status: 'not signed' });
    await signer(standard.token, { pass: false })
      .get(`/api/co/verify-link/${standard.token}`)
      .expect(404);

    const customId = await sentCo();
    await signer(customId, { pass: false }).get(`/api/sow/verify-link/${customId}`).expect(404);
  });

  it('names the document, when it closed and the sender once the link is cancelled, still before the captcha', async () => {
    const customId = await sentCo();
    const co = await stored(customId);
    await csm()
      .post('/api/co/cancel-contract')
      .send({ id: String(co?._id) })
      .expect(200);
    const checked = await signer(customId, { pass: false })
      .get(`/api/co/verify-link/${customId}`)
      .expect(200);
    expect(checked.body).toMatchObject({
      valid: true,
      linkState: 'cancelled',
      closed: { sender: { email: 'csm@prosign.example' } },
    });
    await signer(customId)
      .post(`/api/co/upload-text-signature/${customId}`)
      .send({ textSignature: 'Too Late' })
      .expect(409);
  });

  it('counts a view, refuses a blank signature, saves the typed one, and finishes once: sealed PDF, signed copy, CO deal signed', async () => {
    const onProject2 = await coDealFixture(csm, CO_DEALS.onProject2);
    const customId = await sentCo(onProject2);
    const viewed = await signer(customId)
      .post(`/api/co/increase-viewed-times/${customId}`)
      .expect(200);
    expect(viewed.body).toMatchObject({ customId, status: 'viewed' });
    expect((await stored(customId))?.viewedTimes).toBe(1);

    const blank = await signer(customId)
      .post(`/api/co/upload-text-signature/${customId}`)
      .send({ textSignature: '   ' })
      .expect(400);
    expect(blank.body.message).toBe('Please add your signature');

    // Finishing before a signature is saved is refused.
    await signer(customId)
      .post(`/api/co/finish/${customId}`)
      .send({ agreedToTerms: true })
      .expect(409);
    // No audit trail before the finish.
    await signer(customId).get(`/api/co/create-audit-trail/${customId}`).expect(409);

    const name = onProject2.signatory.name;
    await signer(customId)
      .post(`/api/co/upload-text-signature/${customId}`)
      .send({ textSignature: name })
      .expect(200);
    expect((await stored(customId))?.status).toBe('signature_saved');
    await signer(customId)
      .post(`/api/co/finish/${customId}`)
      .send({ agreedToTerms: false })
      .expect(400);

    const [first, second] = await Promise.all([
      signer(customId).post(`/api/co/finish/${customId}`).send({ agreedToTerms: true }),
      signer(customId).post(`/api/co/finish/${customId}`).send({ agreedToTerms: true }),
    ]);
    // Signed once, answered before the seal; the worker seals it.
    const done = await expectSignedOnceThenSealed(api, customId, [first, second]);
    // A third, later finish answers the same, with the links.
    const again = await signer(customId)
      .post(`/api/co/finish/${customId}`)
      .send({ agreedToTerms: true })
      .expect(200);
    expect(again.body).toEqual(done);

    const co = await stored(customId);
    expect(co?.status).toBe('signed');
    expect(co?.finish.state).toBe('completed');
    const types = co?.events.map((e: { type: string }) => e.type) as string[];
    expect(types.filter((type) => type === 'signed')).toHaveLength(1);
    expect(types).toEqual(
      expect.arrayContaining(['sent', 'viewed', 'signature_saved', 'consent', 'signed']),
    );

    // The sealed PDF: the change order and its audit trail.
    const pdf = await signer(customId)
      .get(new URL(done.signedDocLink).pathname)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Change Order 1');
    expect(text).toContain('Add a structural beam over the new kitchen opening.');
    expect(text).toMatch(/Audit Trail/i);
    expect(text).toContain(onProject2.signatory.email);

    const trail = await signer(customId).get(`/api/co/create-audit-trail/${customId}`).expect(200);
    expect(trail.body.docLink).toBe(done.auditTrailDocLink);

    // One signed copy, to the signatory with the cc.
    const copies = await mailDeliveries(connection)
      .find({ _id: await mailKeyOfLink(connection, customId, 'signed-copy') })
      .toArray();
    expect(copies).toHaveLength(1);
    expect(copies[0].to).toEqual([onProject2.signatory.email]);
    expect(copies[0].cc).toEqual(['pm@prosign.example']);

    // The CO deal moves to the change-order pipeline's signed stage (queued, done by the worker).
    const dealStage = async () =>
      (
        (
          await admin()
            .post('/api/hubspot/fetch-deal-by-id')
            .send({ hsObjectId: CO_DEALS.onProject2 })
            .expect(200)
        ).body as { deal: { properties: Record<string, string | null> } }
      ).deal.properties;
    const moved = await waitFor(
      dealStage,
      (p) => p.dealstage === env.config.CRM_CHANGE_ORDER_SIGNED_STAGE,
      {
        timeoutMs: 15_000,
        intervalMs: 100,
      },
    );
    expect(moved.contract_link).toBe(done.signedDocLink);

    // Signed: no more signature changes; the card shows it signed.
    await signer(customId)
      .post(`/api/co/upload-text-signature/${customId}`)
      .send({ textSignature: 'Someone Else' })
      .expect(409);
    const list = await csm().get('/api/co/get-contracts').query({ filters: 'signed' }).expect(200);
    expect(list.body.filteredContracts.map((c: { customId: string }) => c.customId)).toContain(
      customId,
    );
  });
});
