import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  AGREEMENT_ACTION_MESSAGES,
  EMAIL_CODE_MESSAGES,
  EMAIL_CODE_RULES,
  extractDocId,
  formatPacificTimestamp,
} from '@prosign/domain';
import { Redis } from 'ioredis';
import { Types, type Connection } from 'mongoose';
import request from 'supertest';
import { caughtMails } from '../src/integrations/mail/caught-mail.collection';
import { caughtIdOf } from '../src/integrations/mail/mail-catcher';
import { AgreementEventRepository } from '../src/modules/agreements/agreement-events.repository';
import { DocumentPdfService } from '../src/modules/documents/document-pdf.service';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { MailDeliveryRepository } from '../src/modules/mail/mail-delivery.repository';
import { MAIL_SECRET_PLACEHOLDER } from '../src/modules/mail/mail-secret';
import { coBody, coDealFixture } from './support/co-fixtures';
import { startMailCatcherEnv, type MailCatcherEnv } from './support/mail-catcher-env';
import { pdfText } from './support/pdf-text';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sealedFinish,
  sendContract,
  signerBrowser,
} from './support/signing-fixtures';
import { sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { waitFor } from './support/wait-for';

const LUIS = { name: 'Luis Alvarez', email: 'luis.alvarez@example.com', phone: '+14155550124' };
const MINUTE = 60_000;

type StoredEvent = { type: string; actor: string; data?: Record<string, unknown> | null };

/**
 * The e-mail one-time code: on an agreement that requires it the document
 * opens only after the signer entered the 6-digit code mailed to their address. Wrong,
 * expired, overused and reused codes are refused with the domain's words, sends are limited,
 * a code works only on the link it was mailed for, the proof only with its captcha pass; the
 * code is stored hashed; the verification is an event of the chain and the audit trail
 * says when. Every family, at least its happy path.
 */
describe('the e-mail one-time code', () => {
  /** The local catcher stands for the signers' mailboxes: a database apart from ProSign's. */
  let services: MailCatcherEnv;
  let api: INestApplication;
  let worker: INestApplicationContext;
  let csm: StaffHttp;
  let pm: StaffHttp;
  let admin: StaffHttp;
  let connection: Connection;
  let eventLog: AgreementEventRepository;

  beforeAll(async () => {
    services = await startMailCatcherEnv(
      __filename,
      { PUBLIC_API_URL, PUBLIC_SIGNING_URL },
      { ownMailbox: true },
    );
    const { config } = services.env;
    await seedBaseData(config);
    ({ app: api } = await startApi(config));
    // The finish answers once the signature is recorded; the worker seals the agreement.
    worker = await startWorker(config);
    csm = await staffHttp(api, 'csm@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
    admin = await staffHttp(api, 'admin@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
    eventLog = api.get(AgreementEventRepository, { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await services?.close();
  });

  const codes = () => connection.collection('email_codes');
  const agreementOf = (id: string) =>
    connection.collection('agreements').findOne({ _id: new Types.ObjectId(id) });
  const byToken = (token: string) => connection.collection('agreements').findOne({ token });

  /**
   * The code last mailed to `email`, read from the mail in the signer's mailbox (the catcher),
   * as the signer would; `id` is its delivery's.
   */
  async function mailedCode(email: string): Promise<{ code: string; subject: string; id: string }> {
    const deliveries = await mailDeliveries(connection)
      .find({ template: 'email-code', to: [email] })
      .sort({ createdAt: -1 })
      .limit(1)
      .toArray();
    expect(deliveries).toHaveLength(1);
    const caught = await waitFor(
      () =>
        caughtMails(services.catcherConnection).findOne({
          _id: caughtIdOf(deliveries[0].messageId as string),
        }),
      (mail) => mail !== null,
    );
    const match = /Your ProSign code is (\d{6})\. It expires in 10 minutes\./.exec(
      caught?.text ?? '',
    );
    expect(match).not.toBeNull();
    return {
      code: (match as RegExpExecArray)[1],
      subject: caught?.subject ?? '',
      id: deliveries[0]._id,
    };
  }

  /** A signer's browser on one link (see `signerBrowser`). */
  const browser = (linkToken: string, options: { pass?: string } = {}) =>
    signerBrowser(api, linkToken, options);

  /** Sends a standard contract that requires a code; its token and id. */
  async function sendWithCode(overrides: Record<string, unknown> = {}) {
    const sent = await sendContract(csm, { require_email_code: true, ...overrides });
    const record = await byToken(sent.token);
    return { ...sent, agreementId: String(record?._id), email: 'maria.alvarez@example.com' };
  }

  /** Verifies the mailed code in this browser: the proof it answers is kept. */
  async function verifyFromMailbox(signer: ReturnType<typeof browser>, email: string) {
    await signer.send().expect(200);
    const { code } = await mailedCode(email);
    const verified = await signer.verify(code).expect(200);
    signer.setProof(verified.body.proof as string);
    return code;
  }

  it('keeps the document closed until the code is verified, then signs to the end with the audit trail saying so', async () => {
    const { token, agreementId, email } = await sendWithCode();
    expect((await agreementOf(agreementId))?.requireEmailCode).toBe(true);
    const signer = browser(token);

    // Before the code: every call that opens or changes the document is refused, clearly.
    const refused = await signer.post('/api/verifyToken').send({ token }).expect(403);
    expect(refused.body.message).toBe(EMAIL_CODE_MESSAGES.required);
    await signer.get(`/api/user/user-detail?token=${token}`).expect(403);
    await signer
      .post('/api/template/upload-signature')
      .send({ token, textSignature: 'Maria', clientname: 'Maria' })
      .expect(403);
    await signer.post('/api/signing/finish').send({ token }).expect(403);
    expect((await agreementOf(agreementId))?.status).toBe('not signed');

    // The status names the masked address; nothing pending yet.
    const before = await signer.status().expect(200);
    expect(before.body).toEqual({
      required: true,
      maskedEmail: 'm•••@example.com',
      pending: false,
      expiresAt: null,
      resendAvailableAt: null,
      locked: false,
    });

    const sent = await signer.send().expect(200);
    expect(sent.body).toMatchObject({ required: true, pending: true });
    const mailed = await mailedCode(email);
    // The code is in the body only: not in the subject, nor the delivery's key.
    expect(mailed.subject).toBe('Your ProSign code');
    expect(mailed.id).not.toContain(mailed.code);
    // Stored hashed: the record holds no digits of it in clear.
    const stored = await codes().findOne({ agreementId });
    expect(stored).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(mailed.code);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored?.code.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const verified = await signer.verify(` ${mailed.code.slice(0, 3)} ${mailed.code.slice(3)} `);
    expect(verified.status).toBe(200);
    expect(verified.body.proof).toEqual(expect.any(String));
    expect(verified.body.proof).not.toContain(mailed.code);
    signer.setProof(verified.body.proof as string);

    // The event is in the chain, for this recipient, without the code.
    const record = await agreementOf(agreementId);
    const event = (record?.events as StoredEvent[]).find((e) => e.type === 'email_code_verified');
    expect(event).toMatchObject({ actor: 'signer', data: { recipientId: 'signer-1' } });
    expect(JSON.stringify(record?.events)).not.toContain(mailed.code);
    expect(await eventLog.checkChain(agreementId)).toMatchObject({ intact: true });

    // Now the document opens and the signer signs to the end.
    const opened = await signer.post('/api/verifyToken').send({ token }).expect(200);
    expect(opened.body.docLink).toEqual(expect.any(String));
    await saveSignatureAndConsent(api, token, signer);
    const claimed = await signer.post('/api/signing/finish').send({ token }).expect(200);
    expect(claimed.body).toMatchObject({ status: 'signed', signedDocLink: '' });
    const done = await sealedFinish(api, token);
    expect(done.verifyId).toBe(claimed.body.verifyId);

    // The sealed PDF's audit trail says how and when the signer was authenticated.
    const verifiedAt = (await agreementOf(agreementId))?.events.find(
      (e: StoredEvent) => e.type === 'email_code_verified',
    ).at as Date;
    const sealed = (await api.get(DocumentPdfService).pdfOf(done.signedDocLink)).pdf;
    const text = await pdfText(sealed);
    expect(text).toContain('E-mail code verified');
    expect(text).toContain(`E-mail code verified at ${formatPacificTimestamp(verifiedAt)}`);
    expect(text).toContain('captcha');
    expect(text).not.toContain(mailed.code);

    // The public verify page (the certificate) lists the verification too.
    const view = await request(api.getHttpServer()).get(`/api/verify/${done.verifyId}`).expect(200);
    expect(view.body.events.map((e: { event: string }) => e.event)).toContain(
      'E-mail code verified',
    );

    // The used code is refused the second time.
    const reused = await browser(token).verify(mailed.code).expect(409);
    expect(reused.body.message).toBe(EMAIL_CODE_MESSAGES.used);
  });

  /**
   * Everything stored now, as text: every document of every collection of the test's database
   * and every Redis key with its value (strings, hashes, lists, sets, sorted sets, streams:
   * BullMQ's job data and results included).
   */
  async function everythingStored(): Promise<Array<{ where: string; text: string }>> {
    const found: Array<{ where: string; text: string }> = [];
    const db = connection.db!;
    for (const { name } of await db.listCollections().toArray()) {
      for (const doc of await db.collection(name).find({}).toArray()) {
        found.push({ where: `${name}/${String(doc._id)}`, text: JSON.stringify(doc) });
      }
    }
    const redis = new Redis(services.env.config.REDIS_URL);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
        cursor = next;
        for (const key of keys) {
          const type = await redis.type(key);
          const value =
            type === 'string'
              ? await redis.get(key)
              : type === 'hash'
                ? await redis.hgetall(key)
                : type === 'list'
                  ? await redis.lrange(key, 0, -1)
                  : type === 'set'
                    ? await redis.smembers(key)
                    : type === 'zset'
                      ? await redis.zrange(key, '0', '-1', 'WITHSCORES')
                      : type === 'stream'
                        ? await redis.xrange(key, '-', '+')
                        : null;
          found.push({ where: `redis ${key}`, text: `${key} ${JSON.stringify(value)}` });
        }
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
    return found;
  }

  /** Where the code stands as a number of its own (not inside a longer run of digits). */
  const holding = (stored: Array<{ where: string; text: string }>, code: string) =>
    stored
      .filter(({ text }) => new RegExp(`(?<![0-9])${code}(?![0-9])`).test(text))
      .map(({ where }) => where);

  it('keeps the code readable nowhere of its own; its mail goes when the code expires', async () => {
    const { token, email } = await sendWithCode();
    const signer = browser(token);
    await signer.send().expect(200);
    // The mail is in the signer's mailbox; no store of ProSign's holds the code (the delivery,
    // the queues' jobs and results, the agreement, the code's own record).
    const { code, id } = await mailedCode(email);
    expect((await mailDeliveries(connection).findOne({ _id: id }))?.status).toBe('sent');
    expect(holding(await everythingStored(), code)).toEqual([]);

    // The delivery keeps the mail with a placeholder where the code was, and its expiry.
    const delivery = await mailDeliveries(connection).findOne({ _id: id });
    expect(delivery?.text).toContain(`Your ProSign code is ${MAIL_SECRET_PLACEHOLDER}.`);
    const stored = await codes().findOne({ recipientId: 'signer-1', 'code.id': id.slice(11) });
    expect(delivery?.expiresAt).toEqual(stored?.code.expiresAt);

    // The signer's mailbox got the code with the mail's expiry, and drops it then.
    const mailbox = caughtMails(services.catcherConnection);
    const caught = await mailbox.findOne({ _id: caughtIdOf(delivery?.messageId as string) });
    expect(caught?.expiresAt?.getTime()).toBe(
      Math.floor((delivery?.expiresAt as Date).getTime() / 1000) * 1000,
    );
    const afterExpiry = new Date((delivery?.expiresAt as Date).getTime() + 1000);
    await services.catcher.removeExpired(afterExpiry);
    expect(await mailbox.countDocuments({ _id: caught?._id })).toBe(0);

    // A code mail recorded before it kept no code is removed once its code expired.
    const legacy = {
      ...(delivery as NonNullable<typeof delivery>),
      _id: 'email-code.recorded-before-issue-53',
      text: 'Your ProSign code is 246810. It expires in 10 minutes.',
      createdAt: new Date(Date.now() - 11 * MINUTE),
    };
    delete (legacy as { expiresAt?: Date }).expiresAt;
    await mailDeliveries(connection).insertOne(legacy);
    const store = worker.get(MailDeliveryRepository, { strict: false });
    expect(await store.removeLegacyCodeMail(new Date(Date.now() - 10 * MINUTE))).toBe(1);
    expect(holding(await everythingStored(), '246810')).toEqual([]);

    // ProSign's delivery record goes with the code too (the TTL index, or the worker's sweep).
    await store.removeExpired(afterExpiry);
    const ttl = (await mailDeliveries(connection).indexes()).some(
      (index) => index.expireAfterSeconds === 0,
    );
    if (!ttl) expect(await mailDeliveries(connection).countDocuments({ _id: id })).toBe(0);
  });

  it('refuses a wrong code (tries counted), then too many tries; a new code works', async () => {
    const { token, email } = await sendWithCode();
    const signer = browser(token);
    await signer.send().expect(200);
    const { code } = await mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';

    const malformed = await signer.verify('12ab').expect(400);
    expect(malformed.body.message).toBe(EMAIL_CODE_MESSAGES.malformed);
    for (let left = EMAIL_CODE_RULES.maxTries - 1; left >= 1; left--) {
      const refused = await signer.verify(wrong).expect(400);
      expect(refused.body.message).toBe(EMAIL_CODE_MESSAGES.wrong(left));
    }
    const last = await signer.verify(wrong).expect(429);
    expect(last.body.message).toBe(EMAIL_CODE_MESSAGES.tooManyTries);
    // Out of tries: even the right code no longer works.
    const right = await signer.verify(code).expect(429);
    expect(right.body.message).toBe(EMAIL_CODE_MESSAGES.tooManyTries);
    expect((await signer.status().expect(200)).body.pending).toBe(false);

    // A new code replaces it and works; the old one never again.
    await verifyFromMailbox(signer, email);
    await signer.post('/api/verifyToken').send({ token }).expect(200);
  });

  it('bounds wrong codes per signer across codes: the 10th locks the code step, even the right code is refused; staff re-open it from the card (an event of the chain), then a fresh code works', async () => {
    const max = EMAIL_CODE_RULES.maxFailuresPerPlace;
    expect(max).toBe(10);
    const { token, agreementId, email } = await sendWithCode();
    const signer = browser(token);
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

    // First code: its 5 tries, all wrong.
    await signer.send().expect(200);
    const first = (await mailedCode(email)).code;
    for (let left = EMAIL_CODE_RULES.maxTries - 1; left >= 1; left--) {
      const refused = await signer.verify(wrongFor(first)).expect(400);
      expect(refused.body.message).toBe(EMAIL_CODE_MESSAGES.wrong(left));
    }
    await signer.verify(wrongFor(first)).expect(429);
    // Second code: 4 wrong (9 over both codes); each says what is left of the lower limit.
    await signer.send().expect(200);
    const second = (await mailedCode(email)).code;
    for (let left = 4; left >= 1; left--) {
      const refused = await signer.verify(wrongFor(second)).expect(400);
      expect(refused.body.message).toBe(EMAIL_CODE_MESSAGES.wrong(left));
    }
    // Third code: the 10th wrong entry locks the code step; its right code is refused then.
    await signer.send().expect(200);
    const third = (await mailedCode(email)).code;
    const locked = await signer.verify(wrongFor(third)).expect(423);
    expect(locked.body.message).toBe(EMAIL_CODE_MESSAGES.locked);
    const rightButLocked = await signer.verify(third).expect(423);
    expect(rightButLocked.body.message).toBe(EMAIL_CODE_MESSAGES.locked);
    await signer.post('/api/verifyToken').send({ token }).expect(403);
    expect((await signer.status().expect(200)).body).toMatchObject({
      locked: true,
      pending: false,
    });
    // No code is mailed to a locked step, even once the send window passed.
    const shiftSendWindow = () =>
      codes().updateOne({ agreementId }, { $set: { sends: [new Date(Date.now() - 31 * MINUTE)] } });
    await shiftSendWindow();
    expect((await signer.send().expect(423)).body.message).toBe(EMAIL_CODE_MESSAGES.locked);

    // The chain says so, and the card names the signer whose step is locked.
    const lockedRecord = await agreementOf(agreementId);
    const lockEvents = (lockedRecord?.events as StoredEvent[]).filter(
      (e) => e.type === 'email_code_locked',
    );
    expect(lockEvents).toEqual([
      expect.objectContaining({ actor: 'signer', data: { recipientId: 'signer-1' } }),
    ]);
    const card = await csm().get(`/api/contracts/by-token/${token}`).expect(200);
    expect(card.body.emailCodeLocked).toEqual(['signer-1']);

    // Staff re-open it from the card: once (a second click finds nothing locked).
    const reopened = await csm()
      .post('/api/update/reopen-email-code')
      .send({ token, recipientId: 'signer-1' })
      .expect(200);
    expect(reopened.body.message).toEqual(expect.any(String));
    const again = await csm()
      .post('/api/update/reopen-email-code')
      .send({ token, recipientId: 'signer-1' })
      .expect(409);
    expect(again.body.message).toBe(AGREEMENT_ACTION_MESSAGES.noLockedCodeStep);
    const reopenedRecord = await agreementOf(agreementId);
    expect(
      (reopenedRecord?.events as StoredEvent[]).filter((e) => e.type === 'email_code_reopened'),
    ).toEqual([
      expect.objectContaining({ actor: 'csm@prosign.example', data: { recipientId: 'signer-1' } }),
    ]);
    expect(await eventLog.checkChain(agreementId)).toMatchObject({ intact: true });
    expect(
      (await csm().get(`/api/contracts/by-token/${token}`).expect(200)).body.emailCodeLocked,
    ).toEqual([]);

    // A fresh code then works.
    expect((await signer.status().expect(200)).body.locked).toBe(false);
    await verifyFromMailbox(signer, email);
    await signer.post('/api/verifyToken').send({ token }).expect(200);

    // Signed and sealed, the audit trail and /verify list the lock and who re-opened it.
    await saveSignatureAndConsent(api, token, signer);
    await signer.post('/api/signing/finish').send({ token }).expect(200);
    const done = await sealedFinish(api, token);
    const text = (
      await pdfText((await api.get(DocumentPdfService).pdfOf(done.signedDocLink)).pdf)
    ).replace(/\s+/g, ' ');
    expect(text).toContain('E-mail code step locked after too many wrong codes');
    // (The table's column breaks "re-opened" after its hyphen.)
    expect(text).toMatch(/E-mail code step re- ?opened by csm@prosign\.example/);
    const view = await request(api.getHttpServer()).get(`/api/verify/${done.verifyId}`).expect(200);
    expect(view.body.events.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining([
        'E-mail code step locked after too many wrong codes',
        'E-mail code step re-opened',
      ]),
    );
  });

  it('refuses a re-open of a step that is not locked, or a malformed signer', async () => {
    const { token } = await sendWithCode();
    const notLocked = await csm()
      .post('/api/update/reopen-email-code')
      .send({ token, recipientId: 'signer-1' })
      .expect(409);
    expect(notLocked.body.message).toBe(AGREEMENT_ACTION_MESSAGES.noLockedCodeStep);
    await csm()
      .post('/api/update/reopen-email-code')
      .send({ token, recipientId: 'signer-1.$where' })
      .expect(400);
  });

  it('refuses an expired code', async () => {
    const { token, agreementId, email } = await sendWithCode();
    const signer = browser(token);
    await signer.send().expect(200);
    const { code } = await mailedCode(email);
    await codes().updateOne(
      { agreementId },
      { $set: { 'code.expiresAt': new Date(Date.now() - 1000) } },
    );
    const expired = await signer.verify(code).expect(410);
    expect(expired.body.message).toBe(EMAIL_CODE_MESSAGES.expired);
    await signer.post('/api/verifyToken').send({ token }).expect(403);
  });

  it('limits sends per link with a clear wait, and opens again once the window passed', async () => {
    const { token, agreementId } = await sendWithCode();
    const signer = browser(token);
    for (let i = 0; i < EMAIL_CODE_RULES.maxSends; i++) await signer.send().expect(200);
    const limited = await signer.send().expect(429);
    expect(limited.body.message).toBe(EMAIL_CODE_MESSAGES.sendLimit(30));
    const status = (await signer.status().expect(200)).body;
    expect(Date.parse(status.resendAvailableAt)).toBeGreaterThan(Date.now() + 29 * MINUTE);
    expect(
      await mailDeliveries(connection).countDocuments({
        template: 'email-code',
        to: ['maria.alvarez@example.com'],
        createdAt: { $gte: new Date(Date.now() - 60_000) },
      }),
    ).toBeGreaterThanOrEqual(EMAIL_CODE_RULES.maxSends);

    // The oldest send leaves the window: one more may be sent.
    const stored = await codes().findOne({ agreementId });
    const sends = (stored?.sends as Date[]).map((at, i) =>
      i === EMAIL_CODE_RULES.maxSends - 1 ? new Date(Date.now() - 31 * MINUTE) : at,
    );
    await codes().updateOne({ agreementId }, { $set: { sends } });
    await signer.send().expect(200);
    const again = await signer.send().expect(429);
    expect(again.body.message).toMatch(/Please wait \d+ minutes? before asking again\./);
  });

  it('binds a code to its link and a proof to its link and captcha pass', async () => {
    // Two signers of one agreement: each link has its own code.
    const maria = await sendWithCode({ additional_signers: [LUIS], signing_order: 'parallel' });
    const luisToken = (
      (await agreementOf(maria.agreementId))?.recipients as {
        id: string;
        token?: string;
      }[]
    ).find((r) => r.id === 'signer-2')?.token as string;

    const hers = browser(maria.token);
    await hers.send().expect(200);
    const { code } = await mailedCode(maria.email);
    // Her code on his link: his link has no code (or another), so it is refused.
    const his = browser(luisToken);
    await his.verify(code).expect(409);
    await his.send().expect(200);
    const luisCode = (await mailedCode(LUIS.email)).code;
    if (luisCode !== code) {
      const wrongLink = await his.verify(code).expect(400);
      expect(wrongLink.body.message).toBe(EMAIL_CODE_MESSAGES.wrong(EMAIL_CODE_RULES.maxTries - 1));
    }
    const verified = await hers.verify(code).expect(200);
    const proof = verified.body.proof as string;

    // Her proof opens her link with her pass only: not his link, not another pass of hers.
    hers.setProof(proof);
    await hers.post('/api/verifyToken').send({ token: maria.token }).expect(200);
    his.setProof(proof);
    await his.post('/api/verifyToken').send({ token: luisToken }).expect(403);
    const otherSession = browser(maria.token);
    otherSession.setProof(proof);
    const stale = await otherSession
      .post('/api/verifyToken')
      .send({ token: maria.token })
      .expect(403);
    expect(stale.body.message).toBe(EMAIL_CODE_MESSAGES.required);
    // A forged proof is refused.
    otherSession.setProof(`${proof.slice(0, -2)}xx`);
    await otherSession.post('/api/verifyToken').send({ token: maria.token }).expect(403);

    // Each signer's verification is its own event.
    await his.verify(luisCode).expect(200);
    const events = (await agreementOf(maria.agreementId))?.events as StoredEvent[];
    expect(
      events
        .filter((e) => e.type === 'email_code_verified')
        .map((e) => e.data?.recipientId)
        .sort(),
    ).toEqual(['signer-1', 'signer-2']);
  });

  it('shows the document of a forwarded link to nobody without the code: the signer with the proof, staff and the cc mail open it', async () => {
    const { token, signingLink, docLink } = await sendWithCode();
    const docId = extractDocId(docLink) as string;
    // The link mailed to the client names the document (spec 1's `?docLink=`).
    expect(new URL(signingLink).searchParams.get('docLink')).toContain(docId);
    const pdfPath = `/api/documents/d/${docId}/view`;
    const readingPath = `/api/documents/d/${docId}/reading`;
    const anyone = () => request(api.getHttpServer());

    // Whoever the link was forwarded to: no PDF, no text, with or without a captcha pass.
    const refused = await anyone().get(pdfPath).expect(403);
    expect(refused.body.message).toBe(EMAIL_CODE_MESSAGES.documentNeedsCode);
    expect(refused.headers['content-type']).not.toContain('application/pdf');
    await anyone().get(readingPath).expect(403);
    const signer = browser(token);
    await signer.get(pdfPath).expect(403);
    await signer.get(readingPath).expect(403);

    // The signer past the code reads both, with the pass the proof was issued with only.
    await verifyFromMailbox(signer, 'maria.alvarez@example.com');
    const pdf = await signer.get(pdfPath).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const reading = await signer.get(readingPath).expect(200);
    expect(reading.body.sections.length).toBeGreaterThan(0);
    const otherPass = browser(token);
    otherPass.setProof(signer.proof());
    await otherPass.get(pdfPath).expect(403);

    // Another agreement's proof opens its own document, not this one.
    const other = await sendWithCode();
    const otherSigner = browser(other.token);
    await verifyFromMailbox(otherSigner, 'maria.alvarez@example.com');
    await otherSigner.get(`/api/documents/d/${extractDocId(other.docLink)}/view`).expect(200);
    await otherSigner.get(pdfPath).expect(403);

    // Staff read it with their session (the dashboard's viewer, a new tab).
    const staffPdf = await csm().get(pdfPath).buffer(true).expect(200);
    expect(staffPdf.headers['content-type']).toContain('application/pdf');
    await csm().get(readingPath).expect(200);

    // The cc recipient's mail links to the document with a grant of its own, for this document.
    const ccMail = await mailDeliveries(connection).findOne({
      template: 'cc-copy',
      agreementId: (await byToken(token))?._id.toString(),
    });
    const ccLink = /https?:\/\/\S+\/api\/documents\/d\/\S+/.exec(ccMail?.text ?? '')?.[0] ?? '';
    expect(ccLink).toContain(`/d/${docId}/view?access=`);
    const ccUrl = new URL(ccLink);
    await anyone()
      .get(`${ccUrl.pathname}${ccUrl.search}`)
      .expect(200)
      .expect('content-type', /application\/pdf/);
    // The same grant names no other document, and a changed one is refused.
    const otherDoc = `/api/documents/d/${extractDocId(other.docLink)}/view`;
    await anyone().get(`${otherDoc}${ccUrl.search}`).expect(403);
    await anyone()
      .get(`${ccUrl.pathname}${ccUrl.search.slice(0, -2)}xx`)
      .expect(403);

    // A contract that asks for no code opens for whoever holds its link, as before.
    const open = await sendContract(csm);
    await anyone()
      .get(`/api/documents/d/${extractDocId(open.docLink)}/view`)
      .expect(200);
  });

  it('needs no code where the agreement does not require one; the family default applies when the request does not choose', async () => {
    const plain = await sendContract(csm);
    const signer = browser(plain.token);
    expect((await signer.status().expect(200)).body).toMatchObject({ required: false });
    await signer.post('/api/verifyToken').send({ token: plain.token }).expect(200);
    const notNeeded = await signer.send().expect(409);
    expect(notNeeded.body.message).toBe(EMAIL_CODE_MESSAGES.notRequired);

    // Admins set the family default; staff read it; a send without a choice follows it.
    await csm()
      .put('/api/email-code/defaults')
      .send({ family: 'standard', required: true })
      .expect(403);
    const set = await admin()
      .put('/api/email-code/defaults')
      .send({ family: 'standard', required: true })
      .expect(200);
    expect(set.body.defaults).toEqual({ standard: true, sow: false, co: false, document: false });
    expect((await csm().get('/api/email-code/defaults').expect(200)).body.defaults.standard).toBe(
      true,
    );
    const byDefault = await sendContract(csm);
    expect((await byToken(byDefault.token))?.requireEmailCode).toBe(true);
    const optedOut = await sendContract(csm, { require_email_code: false });
    expect((await byToken(optedOut.token))?.requireEmailCode).toBe(false);
    await admin()
      .put('/api/email-code/defaults')
      .send({ family: 'standard', required: false })
      .expect(200);
  });

  it('keeps the requirement on a resend, whatever the family default', async () => {
    const { token } = await sendWithCode();
    await csm().post('/api/update/cancel-contract').send({ token }).expect(200);
    const resent = await csm().put('/api/update/resend').send({ token }).expect(200);
    const fresh = await byToken(resent.body.token as string);
    expect(fresh?.requireEmailCode).toBe(true);
    const signer = browser(resent.body.token as string);
    await signer.post('/api/verifyToken').send({ token: resent.body.token }).expect(403);

    // Edit and Resend prefills the creation screen with the choice (its checkbox starts ticked).
    const another = await sendWithCode();
    await csm().post('/api/update/cancel-contract').send({ token: another.token }).expect(200);
    const editing = await csm()
      .put('/api/update/edit-resend')
      .send({ token: another.token })
      .expect(200);
    expect(editing.body.contract.requireEmailCode).toBe(true);
    const plain = await sendContract(csm, { require_email_code: false });
    await csm().post('/api/update/cancel-contract').send({ token: plain.token }).expect(200);
    const plainEditing = await csm()
      .put('/api/update/edit-resend')
      .send({ token: plain.token })
      .expect(200);
    expect(plainEditing.body.contract.requireEmailCode).toBe(false);
  });

  describe.each(['sow', 'co'] as const)('on a %s link', (family) => {
    it('opens the document only after the code, then signs to the end', async () => {
      const staff = family === 'sow' ? pm : csm;
      const deal = family === 'co' ? await coDealFixture(csm) : null;
      const form = (deal ? coBody(deal) : sowBody()) as unknown as Record<string, unknown>;
      const body = { ...form, require_email_code: true };
      const created = await staff().post(`/api/${family}/create-contract`).send(body).expect(200);
      const sent = await staff()
        .post(`/api/${family}/send-contract`)
        .send({ ...body, docLink: created.body.docLink })
        .expect(200);
      const customId = sent.body.customId as string;
      const agreementId = sent.body._id as string;
      const record = await agreementOf(agreementId);
      expect(record?.requireEmailCode).toBe(true);
      const email = (record?.recipients as { id: string; email: string }[]).find(
        (r) => r.id === 'signer-1',
      )?.email as string;
      const at = (call: string) => `/api/${family}/${call}/${customId}`;
      const signer = browser(customId);

      // Before the captcha the link check still answers; after it, nothing opens without the code.
      await request(api.getHttpServer()).get(at('verify-link')).expect(200);
      const refused = await signer.get(at('get-contract')).expect(403);
      expect(refused.body.message).toBe(EMAIL_CODE_MESSAGES.required);
      await signer.post(at('increase-viewed-times')).expect(403);

      await verifyFromMailbox(signer, email);
      await signer.post(at('increase-viewed-times')).expect(200);
      await signer
        .post(at('upload-text-signature'))
        .send({ textSignature: 'Signed Here' })
        .expect(200);
      const done = await signer.post(at('finish')).send({ agreedToTerms: true }).expect(200);
      expect(done.body.status).toBe('signed');
      // The worker seals it.
      expect((await sealedFinish(api, customId)).signedDocLink).toMatch(/\/api\/documents\/d\//);
      const events = (await agreementOf(agreementId))?.events as StoredEvent[];
      expect(events.map((e) => e.type)).toContain('email_code_verified');
      expect(await eventLog.checkChain(agreementId)).toMatchObject({ intact: true });
    });
  });
});
