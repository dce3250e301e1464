import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import { caughtMails, type CaughtMailDoc } from '../src/integrations/mail/caught-mail.collection';
import { mailDeliveries, type MailDeliveryDoc } from '../src/modules/mail/mail-delivery.collection';
import { sealAgreementJobId } from '../src/modules/signing/signing.jobs';
import { QUEUE_NAMES, QueueName } from '../src/platform/queues/queue-names';
import { coDealFixture, sendCo } from './support/co-fixtures';
import { startMailCatcherEnv, type MailCatcherEnv } from './support/mail-catcher-env';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sealedFinish,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { waitFor } from './support/wait-for';

/**
 * A signing token opens an agreement: it belongs in the signer's own link mail
 * and nowhere else. One agreement of each family is sent with a copy address,
 * reminded and finished through the real api, worker, queues and SMTP, and sealed
 * by the worker's seal job; then no caught mail header, no stored delivery (key,
 * Message-ID, record), no queue job (the `signing` queue's seal jobs among them)
 * and no log line carries its token; the copies' bodies neither.
 */
describe('a signing token stays in its link', () => {
  let services: MailCatcherEnv;
  let api: INestApplication;
  let worker: INestApplicationContext;
  let connection: Connection;
  let csm: StaffHttp;
  let pm: StaffHttp;
  const written: string[] = [];

  beforeAll(async () => {
    services = await startMailCatcherEnv(__filename, { PUBLIC_SIGNING_URL, LOG_LEVEL: 'debug' });
    const { env } = services;
    await seedBaseData(env.config);
    // pino writes the api's and the worker's lines to stdout: keep them.
    jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    csm = await staffHttp(api, 'csm@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    jest.restoreAllMocks();
    await services?.close();
  });

  interface SentAgreement {
    token: string;
    id: string;
    signerEmail: string;
  }

  async function sentStandard(): Promise<SentAgreement> {
    const { token } = await sendContract(csm, { email: 'standard.signer@example.com' });
    const stored = await connection.collection('agreements').findOne({ token });
    await csm()
      .post('/api/email/send-reminder')
      .send({ token, email: 'x@example.com', full_name: 'x', uniqueLink: 'x' })
      .expect(200);
    const signer = signerHttp(api);
    await signer.post('/api/verifyToken').send({ token }).expect(200);
    await saveSignatureAndConsent(api, token);
    const finished = await signer.post('/api/signing/finish').send({ token }).expect(200);
    expect(finished.body).toMatchObject({ status: 'signed' });
    // The worker seals it (the signed copy, the CRM move): its job carries no token either.
    await sealedFinish(api, token);
    return { token, id: String(stored!._id), signerEmail: 'standard.signer@example.com' };
  }

  async function sentSow(): Promise<SentAgreement> {
    const body = sowBody({
      cp_email: 'sow.signer@partners.example.com',
      selectedCpId: null,
      cc_emails: ['office@prosign.example'],
    });
    const created = await pm().post('/api/sow/create-contract').send(body).expect(200);
    const sent = await pm()
      .post('/api/sow/send-contract')
      .send({ ...body, docLink: created.body.docLink })
      .expect(200);
    await pm().post('/api/sow/send-contract-cc').send({ docLink: created.body.docLink });
    return linkFlow('sow', pm, sent.body.customId as string, 'sow.signer@partners.example.com');
  }

  async function sentCoOfDeal(): Promise<SentAgreement> {
    const deal = await coDealFixture(csm);
    const sent = await sendCo(csm, deal, { cc_emails: ['office@prosign.example'] });
    return linkFlow('co', csm, sent.customId, deal.signatory.email);
  }

  /** Reminder, view, typed signature and finish on the SOW and change-order routes. */
  async function linkFlow(
    family: 'sow' | 'co',
    staff: StaffHttp,
    customId: string,
    signerEmail: string,
  ): Promise<SentAgreement> {
    const stored = await connection.collection('agreements').findOne({ token: customId });
    const id = String(stored!._id);
    await staff().post(`/api/${family}/send-reminder`).send({ id }).expect(200);
    const signer = signerHttp(api, { linkToken: customId });
    await signer.post(`/api/${family}/increase-viewed-times/${customId}`).expect(200);
    await signer
      .post(`/api/${family}/upload-text-signature/${customId}`)
      .send({ textSignature: 'Signer Name' })
      .expect(200);
    await signer
      .post(`/api/${family}/finish/${customId}`)
      .send({ agreedToTerms: true })
      .expect(200);
    // The audit trail answers once the worker has sealed the agreement.
    await sealedFinish(api, customId);
    await signer.get(`/api/${family}/create-audit-trail/${customId}`).expect(200);
    return { token: customId, id, signerEmail };
  }

  it('appears in no mail header, delivery, queue job or log line, and only in the signer’s link mails', async () => {
    const agreements = [await sentStandard(), await sentSow(), await sentCoOfDeal()];

    for (const agreement of agreements) {
      // Link, copy, reminder and signed copy: all recorded under the agreement's id.
      const deliveries = await waitFor(
        () =>
          mailDeliveries(connection).find({ agreementId: agreement.id }).toArray() as Promise<
            MailDeliveryDoc[]
          >,
        (found) => found.length >= 4 && found.every((d) => d.status === 'sent'),
        { timeoutMs: 60_000 },
      );
      expect(deliveries.map((d) => d.template).sort()).toEqual(
        expect.arrayContaining(['cc-copy', 'signed-copy']),
      );
      for (const delivery of deliveries) {
        expect(delivery._id).toContain(agreement.id);
        const { html, text, ...record } = delivery;
        expect(JSON.stringify(record)).not.toContain(agreement.token);
        // Only the mails that are the signer's link carry it, in their body.
        const isLinkMail = delivery.to.join() === agreement.signerEmail && !delivery.cc.length;
        if (!isLinkMail || delivery.template === 'signed-copy') {
          expect(`${html}${text}`).not.toContain(agreement.token);
        }
      }

      const caught = await waitFor(
        () =>
          caughtMails(connection)
            .find({ messageId: { $in: deliveries.map((d) => d.messageId) } })
            .toArray() as Promise<CaughtMailDoc[]>,
        (found) => found.length === deliveries.length,
        { timeoutMs: 30_000 },
      );
      for (const mail of caught) {
        const { html, text, ...headers } = mail;
        expect(JSON.stringify(headers)).not.toContain(agreement.token);
        const delivery = deliveries.find((d) => d.messageId === mail.messageId)!;
        if (delivery.template === 'cc-copy' || delivery.template === 'signed-copy') {
          expect(`${html}${text}`).not.toContain(agreement.token);
        }
      }
    }

    // Each agreement was sealed by its `signing` job, which has run: the scan below sees it.
    expect(QUEUE_NAMES).toContain(QueueName.Signing);
    const signing = api.get<Queue>(getQueueToken(QueueName.Signing), { strict: false });
    for (const agreement of agreements) {
      const seal = await waitFor(
        () => signing.getJob(sealAgreementJobId(agreement.id)),
        (job) => Boolean(job?.finishedOn),
      );
      expect(seal?.name).toBe('seal-agreement');
      expect(seal?.data).toMatchObject({ agreementId: agreement.id });
      expect(seal?.returnvalue).toEqual({ sealed: true });
    }

    let scanned = 0;
    for (const name of QUEUE_NAMES) {
      const queue = api.get<Queue>(getQueueToken(name), { strict: false });
      const jobs = await queue.getJobs();
      for (const job of jobs) {
        scanned += 1;
        const seen = [
          job.id,
          job.name,
          JSON.stringify(job.data),
          JSON.stringify(job.returnvalue),
          job.failedReason,
          JSON.stringify(job.stacktrace),
        ].join(' ');
        for (const agreement of agreements) expect(seen).not.toContain(agreement.token);
      }
    }
    expect(scanned).toBeGreaterThanOrEqual(agreements.length);

    const logs = written.join('');
    expect(logs).toContain('"req":');
    for (const agreement of agreements) expect(logs).not.toContain(agreement.token);
  });
});
