import type { INestApplication } from '@nestjs/common';
import { seedBaseData } from './support/seed';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/** Demo change-order deals (local CRM): 40000101 on project 60000001 as Change Order 1; 40000106 without a project. */
const LINKED_DEAL = '40000101';
const UNLINKED_DEAL = '40000106';
const PROJECT = '60000001';

/** The CO screen's CRM calls (spec 3 §2, §7 "CO helpers") on the real api, database and local CRM. */
describe('CO CRM calls: deals, contacts, projects, labels, update-hs, duplicate-deal', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;
  let csm: StaffHttp;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    csm = await staffHttp(api, 'csm@prosign.example');
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('finds a CO deal by id or pasted URL and reads it with its project and label', async () => {
    const url = `https://app.hubspot.com/contacts/123/record/0-3/${LINKED_DEAL}`;
    const found = await csm()
      .get('/api/co/get-deals-by-address')
      .query({ address: url })
      .expect(200);
    expect(found.body.deals.map((d: { id: string }) => d.id)).toEqual([LINKED_DEAL]);

    const deal = await csm().get(`/api/co/get-deal/${LINKED_DEAL}`).expect(200);
    expect(deal.body.redirect).toBe(true);
    expect(deal.body.project).toMatchObject({ project: { id: PROJECT }, label: 'Change Order 1' });
    expect(deal.body.clientSignatories.length).toBeGreaterThan(0);

    const unlinked = await csm().get(`/api/co/get-deal/${UNLINKED_DEAL}`).expect(200);
    expect(unlinked.body.project).toBeNull();
    await csm().get('/api/co/get-deal/not a deal').expect(400);
  });

  it('searches contacts with a count, and projects by address or id', async () => {
    const contacts = await csm()
      .get('/api/co/search-contacts')
      .query({ search: 'example.com' })
      .expect(200);
    expect(contacts.body.count).toBeGreaterThan(0);
    expect(contacts.body.contacts[0].properties).toHaveProperty('email');

    const byId = await csm().get('/api/co/search-projects').query({ search: PROJECT }).expect(200);
    expect(byId.body.projects.map((p: { id: string }) => p.id)).toEqual([PROJECT]);
  });

  it('tells the used labels and the next free one, then links a deal under a free label only', async () => {
    const info = await csm()
      .get(`/api/co/get-next-project-association-label/${PROJECT}`)
      .expect(200);
    expect(info.body.notAvailableLabels).toEqual([
      'Change Order 1',
      'Change Order 2',
      'Change Order 3',
    ]);
    expect(info.body.nextLabel).toBe('Change Order 4');
    expect(info.body.date).toBeTruthy();

    const taken = await csm()
      .post('/api/co/update-hs')
      .send({ dealId: UNLINKED_DEAL, projectId: PROJECT, label: 'Change Order 2' })
      .expect(409);
    expect(taken.body.message).toMatch(/already taken/);
    await csm()
      .post('/api/co/update-hs')
      .send({ dealId: UNLINKED_DEAL, projectId: PROJECT, label: 'Change Order 9' })
      .expect(400);

    await csm()
      .post('/api/co/update-hs')
      .send({ dealId: UNLINKED_DEAL, projectId: PROJECT, label: 'Change Order 4' })
      .expect(200);
    const after = await csm()
      .get(`/api/co/get-next-project-association-label/${PROJECT}`)
      .expect(200);
    expect(after.body.nextLabel).toBe('Change Order 5');
    const linked = await csm().get(`/api/co/get-deal/${UNLINKED_DEAL}`).expect(200);
    expect(linked.body.project).toMatchObject({ label: 'Change Order 4' });
  });

  it('duplicates a CO deal for the split’s second payment, refusing a negative amount', async () => {
    await csm()
      .post('/api/co/duplicate-deal')
      .send({ dealId: LINKED_DEAL, amount: -5 })
      .expect(400);
    const copy = await csm()
      .post('/api/co/duplicate-deal')
      .send({ dealId: LINKED_DEAL, amount: 450 })
      .expect(200);
    expect(copy.body.dealId).not.toBe(LINKED_DEAL);
    const deal = await csm().get(`/api/co/get-deal/${copy.body.dealId}`).expect(200);
    expect(deal.body.deal.properties.amount).toBe('450');
  });

  it('reports the deal’s missing properties', async () => {
    const res = await csm()
      .post('/api/co/get-missing-properties')
      .send({ dealId: LINKED_DEAL })
      .expect(200);
    expect(res.body).toHaveProperty('missingProperties');

    // With the chosen signatory (spec 2 §7 body {dealId, contactId}): what that contact lacks too.
    const deal = await csm().get(`/api/co/get-deal/${LINKED_DEAL}`).expect(200);
    const contactId = deal.body.clientSignatories[0].id as string;
    const withContact = await csm()
      .post('/api/co/get-missing-properties')
      .send({ dealId: LINKED_DEAL, contactId })
      .expect(200);
    expect(withContact.body.missingProperties).toEqual(res.body.missingProperties);
    await csm()
      .post('/api/co/get-missing-properties')
      .send({ dealId: LINKED_DEAL, contactId: '59999999' })
      .expect(400);
  });
});
