import type { INestApplication } from '@nestjs/common';
import type { InvoicePageAnswer, PublicInvoice } from '@prosign/domain';
import type { Response } from 'supertest';
import { insertStandardAgreement } from './support/agreements';
import { issueApiKey, withApiKey } from './support/api-keys';
import { seedBaseData } from './support/seed';
import { PUBLIC_API_URL } from './support/signing-fixtures';
import { asStaff, signIn, TEST_ADMIN } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const V1 = '/api/v1';
const DAY = 86_400_000;

const pathsOf = (res: Response) =>
  ((res.body as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);

/**
 * The public api's invoices, as an accounting system reads them with an `invoices:read` key:
 * one per payment with something to bill of each signed standard contract (what the invoices
 * dashboard lists), in cursor pages, filtered by status, type, agreement and deal; amounts in
 * their currency, payments recorded on the staff screen reflected; never a signing token.
 */
describe('public api: invoices', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    INVOICE_DUE_DAYS: '20',
    API_RATE_LIMIT_PER_MINUTE: '100000',
  });
  let api: INestApplication;
  let client: ReturnType<typeof withApiKey>;
  let admin: ReturnType<typeof asStaff>;
  const contracts: Record<string, { id: string; token: string }> = {};

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    client = withApiKey(api, (await issueApiKey(api, ['invoices:read'], { name: 'Ledger' })).key);
    admin = asStaff(api, await signIn(api, TEST_ADMIN));
    const now = Date.now();
    const made = [
      // Deposit and balance only: no progress payment.
      { name: 'Ana Lopez', status: 'signed', daysAgo: 4, progress: 0, balance: 10000, deal: '501' },
      { name: 'Ben Okafor', status: 'not signed', daysAgo: 3, progress: 0, balance: 10000 },
      { name: 'Chen Wei', status: 'signed_manually', daysAgo: 2, progress: 4000, balance: 6000 },
      { name: 'Dana Fox', status: 'signed', daysAgo: 1, progress: 0, balance: 10000, deal: '502' },
    ] as const;
    for (const row of made) {
      const { token, _id } = await insertStandardAgreement(api, {
        status: row.status,
        createdAt: new Date(now - row.daysAgo * DAY),
        form: {
          full_name: row.name,
          email: `${row.name.split(' ')[0].toLowerCase()}@example.com`,
          company_name: 'Harbor Homes LLC',
          cost: 12500,
          deposit: 2500,
          progress: row.progress,
          balance: row.balance,
          hsDealId: 'deal' in row ? row.deal : null,
        },
        fields: row.status.startsWith('signed') ? { signedAt: new Date(now - DAY / 2) } : {},
      });
      contracts[row.name] = { id: String(_id), token };
    }
    // Staff record payments on the invoices screen: Chen paid his deposit, Ana part of hers.
    const setStatus = (body: object) =>
      admin.put('/api/invoice/update-status').send(body).expect(200);
    await setStatus({ userId: contracts['Chen Wei'].id, type: 'deposit', status: 'paid' });
    await setStatus({
      userId: contracts['Ana Lopez'].id,
      type: 'deposit',
      status: 'partially paid',
      paidAmount: 1000,
    });
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const list = async (query = '') =>
    (await client.get(`${V1}/invoices?${query}`).expect(200)).body as InvoicePageAnswer;
  const named = (page: InvoicePageAnswer) =>
    page.data.map((invoice) => `${invoice.clientName}/${invoice.type}`);

  it('pages through every invoice of the signed contracts, newest contract first, each once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: InvoicePageAnswer = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...named(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      'Dana Fox/deposit',
      'Dana Fox/balance',
      'Chen Wei/deposit',
      'Chen Wei/progress',
      'Chen Wei/balance',
      'Ana Lopez/deposit',
      'Ana Lopez/balance',
    ]);
    // A page that ends inside a contract goes on with its next invoice.
    const first = await list('limit=3');
    expect(named(first)).toEqual(['Dana Fox/deposit', 'Dana Fox/balance', 'Chen Wei/deposit']);
    expect(named(await list(`limit=3&cursor=${first.nextCursor}`))).toEqual([
      'Chen Wei/progress',
      'Chen Wei/balance',
      'Ana Lopez/deposit',
    ]);
  });

  it('shows amounts in their currency, what was paid and what is due, and links to the agreement', async () => {
    const ana = contracts['Ana Lopez'].id;
    const [deposit] = (await list(`agreementId=${ana}&type=deposit`)).data;
    expect(deposit).toEqual({
      id: `${ana}.deposit`,
      agreementId: ana,
      type: 'deposit',
      number: null,
      status: 'partially_paid',
      currency: 'USD',
      amount: 2500,
      paidAmount: 1000,
      dueAmount: 1500,
      issuedAt: null,
      dueAt: null,
      sentAt: null,
      lastSentAt: null,
      sendCount: 0,
      reminderCount: 0,
      clientName: 'Ana Lopez',
      clientEmail: 'ana@example.com',
      companyName: 'Harbor Homes LLC',
      agreementTitle: expect.any(String),
      crmDealId: '501',
      links: {
        self: `${PUBLIC_API_URL}/api/v1/invoices/${ana}.deposit`,
        agreement: `${PUBLIC_API_URL}/api/v1/agreements/${ana}`,
      },
    } satisfies PublicInvoice);
    const body = JSON.stringify(await list());
    for (const { token } of Object.values(contracts)) expect(body).not.toContain(token);
  });

  it('gives a number, an issue and a due date once the invoice is sent', async () => {
    const dana = contracts['Dana Fox'];
    await admin
      .post('/api/template/send-deposit-invoice')
      .send({ token: dana.token, isReminder: false })
      .expect(200);
    const invoice = (await client.get(`${V1}/invoices/${dana.id}.deposit`).expect(200))
      .body as PublicInvoice;
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^INV-\d{6}$/),
      status: 'unpaid',
      sendCount: 1,
      sentAt: expect.any(String),
    });
    expect(Date.parse(invoice.dueAt!) - Date.parse(invoice.issuedAt!)).toBe(20 * DAY);
  });

  it('filters by status, type, agreement and CRM deal', async () => {
    expect(named(await list('status=paid'))).toEqual(['Chen Wei/deposit']);
    expect(named(await list('status=partially_paid,paid'))).toEqual([
      'Chen Wei/deposit',
      'Ana Lopez/deposit',
    ]);
    expect(named(await list('type=progress'))).toEqual(['Chen Wei/progress']);
    expect(named(await list('crmDealId=502'))).toEqual(['Dana Fox/deposit', 'Dana Fox/balance']);
    expect(named(await list(`agreementId=${contracts['Chen Wei'].id}&status=unpaid`))).toEqual([
      'Chen Wei/progress',
      'Chen Wei/balance',
    ]);
    // An unsigned contract has no invoices yet.
    expect(await list(`agreementId=${contracts['Ben Okafor'].id}`)).toEqual({
      data: [],
      nextCursor: null,
    });
  });

  it('answers 404 for an invoice that does not exist, and says which field is wrong', async () => {
    const missing = await client
      .get(`${V1}/invoices/${contracts['Ana Lopez'].id}.progress`)
      .expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    await client.get(`${V1}/invoices/${contracts['Ben Okafor'].id}.deposit`).expect(404);
    const badId = await client.get(`${V1}/invoices/${contracts['Ana Lopez'].id}`).expect(400);
    expect(badId.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(pathsOf(badId)).toEqual(['id']);
    const badQuery = await client
      .get(`${V1}/invoices?status=overdue&type=tip&agreementId=42&colour=red`)
      .expect(400);
    expect(pathsOf(badQuery).sort()).toEqual(['agreementId', 'colour', 'status', 'type']);
    expect(pathsOf(await client.get(`${V1}/invoices?cursor=bm9wZQ`).expect(400))).toEqual([
      'cursor',
    ]);
  });
});
