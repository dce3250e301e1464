import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  INVOICE_ERRORS,
  parseInvoiceNumber,
  type ContractStatus,
  type InvoiceClientView,
  type SendInvoiceResponse,
  type UpdateInvoiceStatusResponse,
} from '@prosign/domain';
import { createConnection, type Connection } from 'mongoose';
import { MailCatcher } from '../src/integrations/mail/mail-catcher';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { RealtimePublisher } from '../src/platform/realtime/realtime-publisher';
import { agreementModel, eventTypes, insertStandardAgreement } from './support/agreements';
import { signInDemoUsers } from './support/demo-users';
import { pdfText } from './support/pdf-text';
import { asStaff, SHELL_ORIGIN } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { waitFor } from './support/wait-for';
import { createTestEnv } from './support/test-env';
import request from 'supertest';

/** Invoices of signed contracts (spec 3 §2, §4, §7, §8) on the real api and database. */
describe('invoices: list, status, send and reminder with the PDF, download, refusals', () => {
  const env = createTestEnv(__filename, { INVOICE_DUE_DAYS: '20' });
  let api: INestApplication;
  let connection: Connection;
  let admin: ReturnType<typeof asStaff>;
  let noflags: ReturnType<typeof asStaff>;
  let sequence = 0;

  async function contract(
    status: ContractStatus,
    form: Record<string, unknown> = {},
  ): Promise<{ token: string; id: string }> {
    sequence += 1;
    const { token, _id } = await insertStandardAgreement(api, {
      status,
      form: {
        full_name: `Invoiced Client ${sequence}`,
        email: `client${sequence}@invoices.example`,
        company_name: 'Harbor Homes LLC',
        site_address: `${200 + sequence} Ledger Street`,
        city: 'Oakland',
        state: 'CA',
        zipcode: '94607',
        cost: 12500,
        deposit: 2500,
        progress: 4000,
        balance: 6000,
        ...form,
      },
      fields: status.startsWith('signed') ? { signedAt: new Date('2026-03-02T18:30:00Z') } : {},
    });
    return { token, id: String(_id) };
  }

  const send = (type: string, body: object, as = admin) =>
    as.post(`/api/template/send-${type}-invoice`).send(body);
  const setStatus = (body: object, as = admin) => as.put('/api/invoice/update-status').send(body);
  const download = (type: string, token: string) =>
    admin
      .get(`/api/template/download-${type}-pdf/${encodeURIComponent(token)}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config));
    connection = api.get(getConnectionToken(), { strict: false });
    const cookies = await signInDemoUsers(api);
    admin = asStaff(api, cookies.admin);
    noflags = asStaff(api, cookies.noflags);
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('lists signed contracts 10 a page with invoiceDetails per type', async () => {
    const signed = await contract('signed', { progress: 0, balance: 10000 });
    await contract('not signed');
    const res = await admin
      .get('/api/user/details')
      .query({ filters: 'signed', limit: 10, search: 'ledger street' })
      .expect(200);
    const clients = res.body.filteredClients as InvoiceClientView[];
    expect(clients.map((c) => c.token)).toEqual([signed.token]);
    expect(clients[0]).toMatchObject({
      email: 'client1@invoices.example',
      token: signed.token,
      deposit: 2500,
      progress: 0,
      balance: 10000,
      invoiceDetails: {
        _id: signed.id,
        token: signed.token,
        deposit: {
          amount: 2500,
          status: 'not paid',
          sentAt: null,
          invoiceNumber: null,
          link: `/api/template/download-deposit-pdf/${signed.token}`,
        },
        progress: { amount: 0, status: 'not paid' },
        balance: { amount: 10000, status: 'not paid' },
      },
    });
  });

  it('sends a deposit invoice with its numbered PDF, then a reminder with the same number', async () => {
    const { token, id } = await contract('signed');
    const published = jest.spyOn(api.get(RealtimePublisher), 'invoiceChanged');

    const first = (await send('deposit', { token, isReminder: false }).expect(200))
      .body as SendInvoiceResponse;
    expect(first).toMatchObject({ success: true, isReminder: false });
    const number = first.invoiceNumber;
    expect(parseInvoiceNumber(number)).not.toBeNull();
    expect(first.invoiceDetails.deposit).toMatchObject({
      invoiceNumber: number,
      status: 'not paid',
      sendCount: 1,
      reminderCount: 0,
      sentAt: expect.any(String),
    });
    expect(published).toHaveBeenCalledWith({
      id,
      type: 'deposit',
      change: 'sent',
      status: 'not paid',
    });

    // The mail: to the client, the PDF attached (kept on the delivery until the worker sends it).
    const delivery = await mailDeliveries(connection).findOne({ _id: first.deliveryId });
    expect(delivery).toMatchObject({
      template: 'invoice',
      to: [`client${sequence}@invoices.example`],
      subject: `Deposit invoice ${number} for ${200 + sequence} Ledger Street, Oakland, CA 94607`,
    });
    expect(delivery!.text).toContain(`deposit invoice ${number} of $2,500.00`);
    expect(delivery!.attachments).toHaveLength(1);
    expect(delivery!.attachments[0]).toMatchObject({
      filename: `${number}-deposit-invoice.pdf`,
      contentType: 'application/pdf',
    });
    const attached = await pdfText(Buffer.from(delivery!.attachments[0].contentBase64, 'base64'));
    expect(attached).toContain(number);
    expect(attached).toContain('$2,500.00');
    expect(attached).toContain(`Invoiced Client ${sequence}`);
    expect(attached).toContain('Harbor Homes LLC');
    expect(attached).toContain('Bayline Engineering Group, Inc.');
    expect(attached).toContain('March 2, 2026'); // the contract's signed date (Pacific)
    expect(attached).toContain('Pay by check'); // the configured payment instructions

    const reminder = (await send('deposit', { token, isReminder: true }).expect(200))
      .body as SendInvoiceResponse;
    expect(reminder.invoiceNumber).toBe(number);
    expect(reminder.invoiceDetails.deposit).toMatchObject({ sendCount: 2, reminderCount: 1 });
    expect(reminder.invoiceDetails.deposit.sentAt).toBe(first.invoiceDetails.deposit.sentAt);
    const reminded = await mailDeliveries(connection).findOne({ _id: reminder.deliveryId });
    expect(reminded!.subject).toBe(
      `Reminder: Deposit invoice ${number} for ${200 + sequence} Ledger Street, Oakland, CA 94607`,
    );
    expect(reminded!.text).toContain('This is a reminder');
    expect(await pdfText(Buffer.from(reminded!.attachments[0].contentBase64, 'base64'))).toContain(
      'Payment reminder',
    );

    // Both sends are events of the contract's log, by the signed-in admin (not anyone in the body).
    const stored = await agreementModel(api).findById(id).lean();
    expect(eventTypes(stored)).toEqual(['sent', 'invoice_sent', 'invoice_reminder_sent']);
    expect(stored!.events[1]).toMatchObject({
      actor: 'admin@prosign.example',
      data: { invoiceType: 'deposit', invoiceNumber: number, amount: 2500, reminder: false },
    });
  });

  it('changes a status with the acting user in the log; partially paid keeps what was paid', async () => {
    const { token, id } = await contract('signed_manually');
    const published = jest.spyOn(api.get(RealtimePublisher), 'invoiceChanged');
    const partial = (
      await setStatus({
        userId: id,
        type: 'balance',
        status: 'partially paid',
        paidAmount: 1500,
      }).expect(200)
    ).body as UpdateInvoiceStatusResponse;
    expect(partial.invoiceDetails.balance).toMatchObject({
      status: 'partially paid',
      paidAmount: 1500,
      amount: 6000,
    });
    expect(published).toHaveBeenCalledWith({
      id,
      type: 'balance',
      change: 'status',
      status: 'partially paid',
    });

    // The PDF shows what was paid so far and what is still due.
    const res = await download('balance', token).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="INV-\d{6}-balance-invoice\.pdf"/,
    );
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('Partially paid');
    expect(text).toContain('$1,500.00');
    expect(text).toContain('$4,500.00');
    expect(text).toContain('$6,000.00');
    expect(text).toContain(`Invoiced Client ${sequence}`);

    const paid = (await setStatus({ userId: id, type: 'balance', status: 'paid' }).expect(200))
      .body as UpdateInvoiceStatusResponse;
    expect(paid.invoiceDetails.balance).toMatchObject({ status: 'paid', paidAmount: 6000 });

    const stored = await agreementModel(api).findById(id).lean();
    const changes = stored!.events.filter((event) => event.type === 'invoice_status_changed');
    expect(changes.map((event) => [event.actor, event.data])).toEqual([
      [
        'admin@prosign.example',
        {
          invoiceType: 'balance',
          status: 'partially paid',
          previousStatus: 'not paid',
          paidAmount: 1500,
        },
      ],
      [
        'admin@prosign.example',
        {
          invoiceType: 'balance',
          status: 'paid',
          previousStatus: 'partially paid',
          paidAmount: 6000,
        },
      ],
    ]);

    // Paid: nothing more to send, first send or reminder.
    const refused = await send('balance', { token }).expect(409);
    expect(refused.body.message).toBe(INVOICE_ERRORS.alreadyPaid('balance'));
  });

  it('refuses unknown types and tokens, unsigned contracts, amounts of 0 and bad statuses clearly', async () => {
    const { token, id } = await contract('signed', { progress: 0 });
    const unsigned = await contract('viewed');

    const unknownType = await send('final', { token }).expect(404);
    expect(unknownType.body.message).toBe(INVOICE_ERRORS.unknownType('final'));
    expect((await download('final', token).expect(404)).body).toBeDefined();

    const unknownToken = await send('deposit', { token: 'no-such-token' }).expect(404);
    expect(unknownToken.body.message).toBe(INVOICE_ERRORS.contractNotFound);
    await download('deposit', 'no-such-token').expect(404);
    await setStatus({ userId: '0123456789abcdef01234567', type: 'deposit', status: 'paid' }).expect(
      404,
    );

    const notSigned = await send('deposit', { token: unsigned.token }).expect(409);
    expect(notSigned.body.message).toBe(INVOICE_ERRORS.notSigned);

    const zero = await send('progress', { token }).expect(422);
    expect(zero.body.message).toBe(INVOICE_ERRORS.noAmount('progress'));
    await setStatus({ userId: id, type: 'progress', status: 'paid' }).expect(422);

    const reminderFirst = await send('deposit', { token, isReminder: true }).expect(409);
    expect(reminderFirst.body.message).toBe(INVOICE_ERRORS.notSentYet('deposit'));

    for (const body of [
      { userId: id, type: 'deposit', status: 'overpaid' },
      { userId: id, type: 'final', status: 'paid' },
      { userId: 'not-an-id', type: 'deposit', status: 'paid' },
      { userId: id, type: 'deposit', status: 'partially paid' },
      { userId: id, type: 'deposit', status: 'partially paid', paidAmount: 2500 },
      { userId: id, type: 'deposit', status: 'partially paid', paidAmount: -1 },
      { userId: id, type: 'deposit', status: 'paid', extra: true },
      { userId: id, type: 'deposit', status: 'paid', paidAmount: 'lots' },
    ]) {
      const res = await setStatus(body);
      expect([res.status, body]).toEqual([400, body]);
    }
    for (const body of [{}, { token: 12 }, { token, isReminder: 'yes' }, { token, extra: 1 }]) {
      const res = await send('deposit', body);
      expect([res.status, body]).toEqual([400, body]);
    }
    // Nothing above numbered, sent or changed anything.
    const stored = await agreementModel(api).findById(id).lean();
    expect(eventTypes(stored)).toEqual(['sent']);
    expect(stored!.invoices).toBeUndefined();
  });

  it('refuses staff without dashboardAccess and callers without a session', async () => {
    const { token, id } = await contract('signed');
    await send('deposit', { token }, noflags).expect(403);
    await setStatus({ userId: id, type: 'deposit', status: 'paid' }, noflags).expect(403);
    await noflags.get(`/api/template/download-deposit-pdf/${token}`).expect(403);
    await request(api.getHttpServer())
      .post('/api/template/send-deposit-invoice')
      .set('origin', SHELL_ORIGIN)
      .send({ token })
      .expect(401);
    const stored = await agreementModel(api).findById(id).lean();
    expect(eventTypes(stored)).toEqual(['sent']);
  });

  it('numbers invoices uniquely and in sequence under concurrent sends; one number per contract and type', async () => {
    const contracts = [];
    for (let i = 0; i < 6; i += 1) contracts.push(await contract('signed'));
    const sends = await Promise.all(
      contracts.map(({ token }) => send('progress', { token }).expect(200)),
    );
    const numbers = sends.map((res) => parseInvoiceNumber(res.body.invoiceNumber as string)!);
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(6);
    expect(sorted[5] - sorted[0]).toBe(5);

    // The same invoice sent twice at once takes one number between the two requests.
    const twice = await Promise.all([
      send('balance', { token: contracts[0].token }),
      send('balance', { token: contracts[0].token }),
    ]);
    const ok = twice.filter((res) => res.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const res of twice) {
      if (res.status !== 200) expect(res.body.message).toBe(INVOICE_ERRORS.busy('balance'));
    }
    expect(new Set(ok.map((res) => res.body.invoiceNumber)).size).toBe(1);
    const balanceNumber = parseInvoiceNumber(ok[0].body.invoiceNumber as string)!;
    expect(balanceNumber).toBe(sorted[5] + 1);
    // The download of an already numbered invoice keeps its number; the next new one follows on.
    const next = await send('deposit', { token: contracts[1].token }).expect(200);
    expect(parseInvoiceNumber(next.body.invoiceNumber as string)).toBe(balanceNumber + 1);
    const again = await download('balance', contracts[0].token).expect(200);
    expect(await pdfText(again.body as Buffer)).toContain(ok[0].body.invoiceNumber as string);
  });
});

/** The whole way of an invoice mail: queue → worker → SMTP → catcher → mailbox, PDF downloadable. */
describe('invoice mail in the local mailbox, with its PDF', () => {
  let env: ReturnType<typeof createTestEnv>;
  let catcherConnection: Connection;
  let catcher: MailCatcher;
  let api: INestApplication;
  let worker: INestApplicationContext;
  let admin: ReturnType<typeof asStaff>;
  const quiet = { log: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    // The catcher listens first (its port goes into the configuration), on the api's database.
    const probe = createTestEnv(__filename);
    catcherConnection = await createConnection(probe.config.MONGODB_URI).asPromise();
    catcher = new MailCatcher(catcherConnection, quiet);
    const port = await catcher.listen(0);
    await catcher.close();
    await catcherConnection.close();
    await probe.cleanup();
    env = createTestEnv(__filename, { MAIL_CATCHER_PORT: String(port) });
    catcherConnection = await createConnection(env.config.MONGODB_URI).asPromise();
    catcher = new MailCatcher(catcherConnection, quiet);
    await catcher.listen(port);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    admin = asStaff(api, (await signInDemoUsers(api)).admin);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await catcher?.close();
    await catcherConnection?.close();
    await env?.cleanup();
  });

  it('lists the caught invoice mail with its PDF attachment, downloadable', async () => {
    const { token } = await insertStandardAgreement(api, {
      status: 'signed',
      form: { full_name: 'Mailbox Client', email: 'mailbox.client@example.com', deposit: 1800 },
    });
    const sent = (
      await admin.post('/api/template/send-deposit-invoice').send({ token }).expect(200)
    ).body as SendInvoiceResponse;

    type Listed = {
      id: string;
      subject: string;
      attachments: Array<{ filename: string; stored: boolean }>;
    };
    const mail = await waitFor(
      async () =>
        ((await admin.get('/api/mailbox').expect(200)).body.messages as Listed[]).find((m) =>
          m.subject.includes(sent.invoiceNumber),
        ),
      (found) => found !== undefined,
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    expect(mail!.attachments).toEqual([
      expect.objectContaining({
        filename: `${sent.invoiceNumber}-deposit-invoice.pdf`,
        contentType: 'application/pdf',
        stored: true,
      }),
    ]);
    const file = await admin
      .get(`/api/mailbox/${mail!.id}/attachments/0`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(file.body as Buffer);
    expect(text).toContain(sent.invoiceNumber);
    expect(text).toContain('$1,800.00');
    expect(text).toContain('Mailbox Client');
    await admin.get(`/api/mailbox/${mail!.id}/attachments/1`).expect(404);
    await admin.get(`/api/mailbox/${mail!.id}/attachments/x`).expect(400);
  });
});
