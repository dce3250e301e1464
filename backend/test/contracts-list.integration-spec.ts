import type { INestApplication } from '@nestjs/common';
import { type ContractCardView, type ContractStatus } from '@prosign/domain';
import { randomBytes } from 'node:crypto';
import { insertStandardAgreement } from './support/agreements';
import { seedBaseData } from './support/seed';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/** GET /api/user/details (spec 2 §7, §9): paging, search and filters done by the database. */
describe('contract list for the dashboard', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let csm: StaffHttp;
  const start = Date.UTC(2026, 0, 1);

  async function insert(
    i: number,
    status: ContractStatus | null,
    fields: Parameters<typeof insertStandardAgreement>[1]['fields'] = {},
  ) {
    const { token } = await insertStandardAgreement(api, {
      status,
      token: `list-${i}-${randomBytes(8).toString('hex')}`,
      createdAt: status ? new Date(start + i * 60_000) : null,
      form: {
        full_name: `Listed Client ${String(i).padStart(2, '0')}`,
        email: `client${i}@listing.example`,
        company_name: i % 2 ? 'Odd Builders' : 'Even Homes',
        site_address: `${100 + i} Filter Avenue`,
        city: i === 7 ? 'Sausalito' : 'Oakland',
        state: 'CA',
        zipcode: '94607',
        contact_number: `+1 (510) 555-${String(1000 + i)}`,
        cost: 1000 + i,
        deposit: 500,
        csm_email: 'csm@prosign.example',
      },
      fields,
    });
    return token;
  }

  const statuses: ContractStatus[] = [
    'not signed',
    'viewed',
    'signature_saved',
    'signed',
    'signed_manually',
    'cancelled',
    'expired',
    'void',
    'resent',
    'edited_resent',
  ];

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    csm = await staffHttp(api, 'csm@prosign.example');
    // 30 listed contracts: i = 0…29, status cycling, viewed when i % 3 === 0 (except 'not signed').
    for (let i = 0; i < 30; i += 1) {
      const status = statuses[i % statuses.length];
      await insert(i, status, { viewedTimes: status !== 'not signed' && i % 3 === 0 ? 2 : 0 });
    }
    await insert(90, null); // send not saved yet
    await insert(91, 'not signed', { deletedAt: new Date(), deletedBy: 'admin@prosign.example' });
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const names = (body: { filteredClients: ContractCardView[] }) =>
    body.filteredClients.map((c) => c.full_name.replace('Listed Client ', ''));

  async function list(query: Record<string, string | number>) {
    const res = await csm()
      .get('/api/user/details')
      .query({ search: 'filter avenue', ...query })
      .expect(200);
    return res.body as {
      filteredClients: ContractCardView[];
      totalPages: number;
      total: number;
      page: number;
      limit: number;
    };
  }

  it('lists newest first in pages of the chosen size; never a record without status or a deleted one', async () => {
    const first = await list({ limit: 10 });
    expect(first).toMatchObject({ total: 30, totalPages: 3, page: 1, limit: 10 });
    expect(names(first)).toEqual(['29', '28', '27', '26', '25', '24', '23', '22', '21', '20']);
    const third = await list({ limit: 10, page: 3 });
    expect(names(third)).toEqual(['09', '08', '07', '06', '05', '04', '03', '02', '01', '00']);
    expect((await list({ limit: 10, page: 4 })).filteredClients).toEqual([]);
    const defaults = await list({});
    expect(defaults).toMatchObject({ limit: 25, totalPages: 2 });
    const card = defaults.filteredClients[0];
    expect(card.createdAt).toBe(new Date(start + 29 * 60_000).toISOString());
    expect(card).toMatchObject({
      status: 'edited_resent',
      cost: 1029,
      remindersAt: [],
      // The card's history is the record's event log (the helper wrote only the send).
      history: [
        expect.objectContaining({
          type: 'sent',
          performedBy: 'csm@prosign.example',
          timestamp: new Date(start + 29 * 60_000).toISOString(),
        }),
      ],
    });
  });

  it('refuses page sizes other than 10, 25, 50, 100 and pages below 1', async () => {
    await csm().get('/api/user/details').query({ limit: 20 }).expect(400);
    await csm().get('/api/user/details').query({ page: 0 }).expect(400);
  });

  it('searches name, e-mail, company, address parts and phone, case-insensitively', async () => {
    expect(names(await list({ search: 'LISTED CLIENT 07' }))).toEqual(['07']);
    expect(names(await list({ search: 'client12@listing' }))).toEqual(['12']);
    expect((await list({ search: 'odd builders' })).total).toBe(15);
    expect(names(await list({ search: 'sausalito' }))).toEqual(['07']);
    expect(names(await list({ search: '5105551015' }))).toEqual(['15']);
    expect(names(await list({ search: '115 filter' }))).toEqual(['15']);
    // Regular-expression characters are taken literally.
    expect((await list({ search: '(510' })).total).toBe(30);
    expect((await list({ search: '.*' })).total).toBe(0);
  });

  it('filters by status and views, combining the chosen filters with OR', async () => {
    const of = async (filters: string) =>
      (await list({ filters, limit: 100 })).filteredClients.map((c) => c.status);
    const count = (xs: string[], s: string) => xs.filter((x) => x === s).length;

    const signed = await of('signed');
    expect(signed).toHaveLength(6);
    expect(new Set(signed)).toEqual(new Set(['signed', 'signed_manually']));
    expect(new Set(await of('notSigned'))).toEqual(
      new Set(['not signed', 'viewed', 'signature_saved']),
    );
    expect(await of('cancelled')).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const either = await of('cancelled,expired');
    expect([count(either, 'cancelled'), count(either, 'expired'), either.length]).toEqual([
      3, 3, 6,
    ]);

    const viewed = (await list({ filters: 'viewed', limit: 100 })).filteredClients;
    expect(viewed.length).toBeGreaterThan(0);
    expect(viewed.every((c) => c.viewedTimes > 0)).toBe(true);
    const notViewed = (await list({ filters: 'notViewed', limit: 100 })).filteredClients;
    expect(notViewed.every((c) => c.viewedTimes === 0)).toBe(true);
    expect(viewed.length + notViewed.length).toBe(30);
    expect((await list({ filters: 'all,signed' })).total).toBe(30);
    expect((await list({ filters: 'bogus' })).total).toBe(30);
  });

  it('returns one card by token for the details modal', async () => {
    const token = (await list({ limit: 10 })).filteredClients[3].token;
    const res = await csm().get(`/api/contracts/by-token/${token}`).expect(200);
    expect(res.body).toMatchObject({ token, full_name: 'Listed Client 26' });
  });
});
