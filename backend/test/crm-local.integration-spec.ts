import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { CRM_PORT, localCrmDemoData, type CrmPort } from '../src/integrations/crm';
import type { RecordDoc } from '../src/integrations/crm/local-crm.collections';
import { contactsByEmail } from '../src/modules/crm/crm-flow-shapes';
import { CrmFlows } from '../src/modules/crm/crm-flows.service';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { seedBaseData } from './support/seed';

/** The local CRM adapter for real: seeded demo data in MongoDB, read and changed through /api/hubspot. */
describe('local CRM through /api/hubspot', () => {
  const env = createTestEnv(__filename);
  let app: INestApplication;
  let crm: CrmFlows;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app } = await startApi(env.config));
    http = await staffHttp(app);
    crm = app.get(CrmFlows, { strict: false });
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  let http: StaffHttp;

  it('seeds at least 30 deals, and seeding again adds nothing and keeps changes', async () => {
    const before = await http()
      .post('/api/hubspot/fetch-deal-by-id')
      .send({ hsObjectId: '40000011' })
      .expect(200);
    await http()
      .patch('/api/hubspot/update-deal-stage-to-sent/40000011')
      .send({ contractLink: 'http://localhost:8084/tok?docLink=x' })
      .expect(200);

    const summaries = await seedBaseData(env.config);
    expect(summaries.find((line) => line.startsWith('local CRM'))).toMatch(
      /^local CRM: 37 deals, \d+ contacts, 8 projects, 5 owners \(0 records new\)$/,
    );

    const after = await http()
      .post('/api/hubspot/fetch-deal-by-id')
      .send({ hsObjectId: '40000011' })
      .expect(200);
    expect(after.body.deal.properties.dealstage).toBe('contractsent');
    // The screen shows the stage's name, not its id.
    expect(after.body.stageLabel).toBe('Contract Sent');
    expect(after.body.deal.properties.dealname).toBe(before.body.deal.properties.dealname);
  });

  it('fetches a deal by a pasted HubSpot URL with its client signatories', async () => {
    const res = await http()
      .post('/api/hubspot/fetch-deal-by-id')
      .send({ hsObjectId: 'https://app.hubspot.com/contacts/4711/record/0-3/40000003/view/1' })
      .expect(200);
    expect(res.body.redirect).toBe(false);
    expect(res.body.project).toBeNull();
    expect(res.body.deal).toMatchObject({
      id: '40000003',
      properties: { pipeline: 'default', state: 'CA' },
    });
    expect(res.body.clientSignatories).toHaveLength(3);
    expect(res.body.clientSignatories[0]).toEqual({
      id: expect.any(String),
      firstname: expect.any(String),
      middlename: null,
      lastname: expect.any(String),
      email: expect.stringContaining('@example.com'),
      phone: expect.stringMatching(/^\+1\d{10}$/),
    });
  });

  it('tells the contract screen to redirect for a change-order deal, with its project and label', async () => {
    const res = await http()
      .post('/api/hubspot/fetch-deal-by-id')
      .send({ hsObjectId: '40000102' })
      .expect(200);
    expect(res.body.redirect).toBe(true);
    expect(res.body.project).toMatchObject({
      project: { id: '60000001' },
      label: 'Change Order 2',
    });
  });

  it('refuses a deal id that is neither a number nor a HubSpot URL, and names an unknown deal', async () => {
    const bad = await http()
      .post('/api/hubspot/fetch-deal-by-id')
      .send({ hsObjectId: '12 Main St' })
      .expect(400);
    expect(bad.body.message).toBe('hsObjectId must be a deal id or a HubSpot deal URL');
    const missing = await http()
      .post('/api/hubspot/fetch-deal-by-id')
      .send({ hsObjectId: '123' })
      .expect(404);
    expect(missing.body).toEqual({
      statusCode: 404,
      message: 'Deal 123 not found in the CRM',
      error: 'Not Found',
    });
  });

  it('finds deals by part of the address, whatever the case', async () => {
    const res = await http()
      .get('/api/hubspot/deal-by-address')
      .query({ address: 'alameda' })
      .expect(200);
    expect(res.body.deals.length).toBeGreaterThan(0);
    for (const deal of res.body.deals) expect(deal.properties.address).toMatch(/Alameda/);
    const none = await http()
      .get('/api/hubspot/deal-by-address')
      .query({ address: 'Nowhere Street 999' })
      .expect(200);
    expect(none.body).toEqual({ deals: [] });
    await http().get('/api/hubspot/deal-by-address').expect(400);
  });

  it('lists owners, reads one, and gives property options', async () => {
    const owners = await http().get('/api/hubspot/owners').expect(200);
    expect(owners.body.data.results).toHaveLength(5);
    const { id, email } = owners.body.data.results[0];
    const owner = await http().get('/api/hubspot/owner').query({ ownerId: id }).expect(200);
    expect(owner.body.owner.email).toBe(email);
    const options = await http()
      .get('/api/hubspot/property')
      .query({ objectType: 'deals', propertyName: 'project_type' })
      .expect(200);
    expect(options.body.options).toContainEqual({ label: 'ADU', value: 'ADU' });
    await http()
      .get('/api/hubspot/property')
      .query({ objectType: 'deals', propertyName: 'nope' })
      .expect(404);
  });

  it('counts contacts by e-mail, ignoring case', async () => {
    const { body } = await http()
      .post('/api/hubspot/fetch-deal-by-id')
      .send({ hsObjectId: '40000001' })
      .expect(200);
    const email: string = body.clientSignatories[0].email;
    const res = await http()
      .get('/api/hubspot/contact-by-email')
      .query({ email: email.toUpperCase() })
      .expect(200);
    expect(res.body).toEqual({ count: 1 });
    const none = await http()
      .get('/api/hubspot/contact-by-email')
      .query({ email: 'nobody@nowhere.example' })
      .expect(200);
    expect(none.body).toEqual({ count: 0 });
  });

  it('reports missing properties and role-less contacts, and update-missing fixes them', async () => {
    // Deal 40000005 lacks its project type; deal 40000007 has no client signatory; 40000002 has a contact without a role.
    expect(
      (await http().get('/api/hubspot/check-deal-properties/40000005').expect(200)).body,
    ).toEqual({
      isValid: false,
      missingProperties: ['project_type'],
      contactsWithInvalidRoles: [],
    });
    const noSignatory = await http().get('/api/hubspot/check-deal-properties/40000007').expect(200);
    expect(noSignatory.body.missingProperties).toEqual(['client_signatory']);
    const stray = await http().get('/api/hubspot/check-deal-properties/40000002').expect(200);
    expect(stray.body.contactsWithInvalidRoles).toHaveLength(1);

    await http()
      .patch('/api/hubspot/update-deal-by-prosign/40000007/update-missing')
      .send({
        missingProperties: { client_signatory: '' },
        contractFormData: {
          full_name: 'Ada Q Lovelace',
          email: 'ada@lovelace.example',
          contact_number: '+14085550000',
          cost: 1200,
        },
        updatedContactRoles: [],
      })
      .expect(200);
    const fixed = await http()
      .post('/api/hubspot/fetch-deal-by-id')
      .send({ hsObjectId: '40000007' })
      .expect(200);
    expect(fixed.body.clientSignatories).toEqual([
      expect.objectContaining({
        firstname: 'Ada Q',
        lastname: 'Lovelace',
        email: 'ada@lovelace.example',
      }),
    ]);

    const strayContact = stray.body.contactsWithInvalidRoles[0];
    await http()
      .patch('/api/hubspot/update-deal-by-prosign/40000005/update-missing')
      .send({ missingProperties: { project_type: ['ADU', 'Remodel'] } })
      .expect(200);
    await http()
      .patch('/api/hubspot/update-deal-by-prosign/40000002/update-missing')
      .send({
        updatedContactRoles: [
          { contactId: strayContact.id, email: strayContact.email, role: 'Homeowner' },
        ],
      })
      .expect(200);
    expect(
      (await http().get('/api/hubspot/check-deal-properties/40000005').expect(200)).body.isValid,
    ).toBe(true);
    expect(
      (await http().get('/api/hubspot/check-deal-properties/40000002').expect(200)).body.isValid,
    ).toBe(true);
  });

  it('update-missing writes only properties the deal check reports missing, refusing the rest whole', async () => {
    // Deal 40000010 lacks its project type and has a client signatory.
    const dealId = '40000010';
    const url = `/api/hubspot/update-deal-by-prosign/${dealId}/update-missing`;
    const dealNow = async () => (await crm.getDeal(dealId)).deal.properties;
    expect((await http().get(`/api/hubspot/check-deal-properties/${dealId}`)).body).toMatchObject({
      missingProperties: ['project_type'],
    });
    const before = await dealNow();

    for (const missingProperties of [
      { dealstage: 'closedwon' },
      { amount: '1' },
      // Refused whole: the missing property beside them is not written either.
      { project_type: 'ADU', dealstage: 'closedwon', amount: '1' },
    ]) {
      const res = await http().patch(url).send({ missingProperties }).expect(400);
      expect(res.body.message).toMatch(/reports missing/);
    }
    expect(await dealNow()).toEqual(before);

    await http()
      .patch(url)
      .send({ missingProperties: { project_type: ['ADU', 'Remodel'] } })
      .expect(200);
    expect(await dealNow()).toEqual({ ...before, project_type: 'ADU;Remodel' });
    // Filled, it is no longer missing: the screen cannot overwrite it.
    await http()
      .patch(url)
      .send({ missingProperties: { project_type: 'Remodel' } })
      .expect(400);
    expect((await dealNow()).project_type).toBe('ADU;Remodel');
  });

  it('refuses an unknown contact role and an empty update, changing nothing', async () => {
    const res = await http()
      .patch('/api/hubspot/update-deal-by-prosign/40000012/update-missing')
      .send({ updatedContactRoles: [{ email: 'x@example.com', role: 'Neighbour' }] })
      .expect(400);
    expect(res.body.message[0]).toMatch(/role must be one of: Client Signatory/);
    await http()
      .patch('/api/hubspot/update-deal-by-prosign/40000012/update-missing')
      .send({})
      .expect(400);
    expect(await crm.countContactsByEmail('x@example.com')).toBe(0);
  });

  it('update-all writes amounts, address and the CSM owner from the contract form', async () => {
    const res = await http()
      .patch('/api/hubspot/update-deal-by-prosign/40000013/update-all')
      .send({
        contractFormData: {
          cost: 5000,
          deposit: '2500',
          progress: 0,
          balance: 2500,
          site_address: '1 Test Way',
          city: 'Oakland',
          state: 'CA',
          zipcode: '94610',
          csm_email: 'nina.alvarez@prosign.example',
          project_type: ['ADU'],
          full_name: 'Someone',
          fullNameOptions: [],
        },
      })
      .expect(200);
    expect(res.body.success).toBe(true);
    const { body } = await http()
      .post('/api/hubspot/fetch-deal-by-id')
      .send({ hsObjectId: '40000013' })
      .expect(200);
    expect(body.deal.properties).toMatchObject({
      amount: '5000',
      deposit_amount: '2500',
      progress_amount: '0',
      address: '1 Test Way',
      zip: '94610',
      customer_success_manager: '71000003',
      project_type: 'ADU',
    });
    const unknownCsm = await http()
      .patch('/api/hubspot/update-deal-by-prosign/40000013/update-all')
      .send({ contractFormData: { cost: 1, csm_email: 'ghost@prosign.example' } })
      .expect(400);
    expect(unknownCsm.body.message).toBe('No CRM owner has the e-mail ghost@prosign.example');
    await http()
      .patch('/api/hubspot/update-deal-by-prosign/40000013/update-all')
      .send({ contractFormData: { cost: -4 } })
      .expect(400);
  });

  it('moves a deal to sent with the contract link and to signed, in the deal’s own pipeline', async () => {
    const link = 'http://localhost:8084/abc?docLink=https%3A%2F%2Fdocs%2Fd%2F1%2Fedit';
    const sent = await http()
      .patch('/api/hubspot/update-deal-stage-to-sent/40000014')
      .send({ contractLink: link })
      .expect(200);
    expect(sent.body).toEqual({ success: true, dealId: '40000014', dealstage: 'contractsent' });
    await http().patch('/api/hubspot/update-deal-stage-to-signed/40000014').send({}).expect(200);
    const deal = await crm.getDeal('40000014');
    expect(deal.deal.properties).toMatchObject({ dealstage: 'closedwon', contract_link: link });

    const co = await http()
      .patch('/api/hubspot/update-deal-stage-to-signed/40000101')
      .send({})
      .expect(200);
    expect(co.body.dealstage).toBe('co_signed');
    await http().patch('/api/hubspot/update-deal-stage-to-sent/40000014').send({}).expect(400);
    await http()
      .patch('/api/hubspot/update-deal-stage-to-sent/999')
      .send({ contractLink: link })
      .expect(404);
  });

  describe('SOW and CO helpers on the port', () => {
    it('reads project label info and refuses a label that is taken', async () => {
      expect(await crm.getProjectLabelInfo('60000001')).toEqual({
        date: expect.stringMatching(/^2025-\d\d-\d\d$/),
        notAvailableLabels: ['Change Order 1', 'Change Order 2', 'Change Order 3'],
      });
      await expect(crm.linkDealToProject('40000106', '60000001', 'Change Order 1')).rejects.toThrow(
        'Change Order 1 is already taken on project 60000001',
      );
      await crm.linkDealToProject('40000106', '60000001', 'Change Order 4');
      expect((await crm.getProjectLabelInfo('60000001')).notAvailableLabels).toContain(
        'Change Order 4',
      );
      expect((await crm.getDeal('40000106')).project).toMatchObject({ label: 'Change Order 4' });
    });

    it('finds projects by address or id and reads a project with its partners', async () => {
      const byId = await crm.searchProjects('60000002');
      expect(byId.map((p) => p.id)).toEqual(['60000002']);
      const details = await crm.getProject('60000002');
      const types = details.contactDetails.map((contact) => contact.properties.type);
      // Its partners and its client.
      expect(types).toContain('Community Partner');
      expect(types).toContain('Client');
      expect(details.project.properties.project_overview).toBeTruthy();
    });

    it('searches partners, including the blacklisted one', async () => {
      const partners = await crm.searchPartners('vance');
      expect(partners).toHaveLength(1);
      expect(partners[0].properties.current_partnership_rapport).toBe('Blacklisted');
    });

    it('creates a partner on a project, then updates it by e-mail', async () => {
      const id = await crm.upsertProjectPartner('60000003', {
        email: 'new.cp@partners.example.com',
        firstname: 'New',
        roles: ['eor_cp'],
      });
      const again = await crm.upsertProjectPartner('60000003', {
        email: 'NEW.cp@partners.example.com',
        roles: ['eor_cp', 't24_cp'],
      });
      expect(again).toBe(id);
      const [partner] = await crm.searchPartners('new.cp');
      expect(partner.properties).toMatchObject({
        firstname: 'New',
        project_role__sales_rep: 'eor_cp;t24_cp',
      });
      expect((await crm.getProject('60000003')).contactDetails.map((c) => c.id)).toContain(id);
    });

    it('duplicates a CO deal with its contacts and project, without the label', async () => {
      const copyId = await crm.duplicateDeal('40000103', { amount: '500' });
      const copy = await crm.getDeal(copyId);
      expect(copy.deal.properties).toMatchObject({
        amount: '500',
        dealname: expect.stringMatching(/\(copy\)$/),
      });
      expect(copy.clientSignatories).toHaveLength(1);
      expect(copy.project).toMatchObject({ project: { id: '60000002' }, label: null });
    });

    it('searches contacts by several words', async () => {
      const result = await crm.searchContacts('ada lovelace');
      expect(result.count).toBe(1);
    });
  });

  describe('a contact by e-mail', () => {
    const port = () => app.get<CrmPort>(CRM_PORT, { strict: false });
    const found = async (email: string) =>
      (await port().search('contacts', contactsByEmail(email))).records.map((r) => r.id);

    it('is found in any case, and by its new address once it changes', async () => {
      const id = await port().createRecord('contacts', { email: 'Grace.Hopper@Navy.example' });
      expect(await found('grace.hopper@navy.example')).toEqual([id]);
      expect(await found(' GRACE.HOPPER@NAVY.EXAMPLE ')).toEqual([id]);

      await port().updateRecord('contacts', id, { email: 'g.hopper@navy.example' });
      expect(await found('Grace.Hopper@Navy.example')).toEqual([]);
      expect(await found('G.Hopper@navy.example')).toEqual([id]);

      await port().updateRecord('contacts', id, { email: '' });
      expect(await found('g.hopper@navy.example')).toEqual([]);
    });

    it('is read from an index, not by reading every contact', async () => {
      const connection = app.get<Connection>(getConnectionToken());
      const plan = await connection
        .collection('crm_contacts')
        .find({ emailKey: 'ada@lovelace.example' })
        .explain();
      // The embedded server says whether it pushed the filter down to an index; MongoDB names
      // the index scan in its plan.
      const fromIndex =
        plan.filterPushdown === true || JSON.stringify(plan.queryPlanner).includes('IXSCAN');
      expect(fromIndex).toBe(true);
    });

    it('finds a contact stored before contacts had a lookup key, once the seeder has run', async () => {
      const connection = app.get<Connection>(getConnectionToken());
      const now = new Date();
      await connection.collection<RecordDoc>('crm_contacts').insertOne({
        _id: '89000001',
        properties: { email: 'Older.Contact@Example.com', hs_object_id: '89000001' },
        createdAt: now,
        updatedAt: now,
      });
      expect(await found('older.contact@example.com')).toEqual([]);
      await seedBaseData(env.config);
      expect(await found('older.contact@example.com')).toEqual(['89000001']);
    });
  });

  describe('the record of an agreement', () => {
    it('notes an event once per marker on a deal, its contact and its project, with a file attached', async () => {
      const port = app.get<CrmPort>(CRM_PORT, { strict: false });
      const data = localCrmDemoData(env.config);
      const projectId = data.projects[0].id;
      const contactId = data.contacts[0].id;
      const file = await port.uploadFile({
        folder: '/ProSign/Service agreements',
        name: 'Agreement (signed) ps-local1.pdf',
        bytes: Buffer.from('%PDF sealed'),
        contentType: 'application/pdf',
      });
      // The same folder and name again (a retried write): the same file, not a second one.
      const again = await port.uploadFile({
        folder: '/ProSign/Service agreements',
        name: 'Agreement (signed) ps-local1.pdf',
        bytes: Buffer.from('%PDF sealed'),
        contentType: 'application/pdf',
      });
      expect(again).toEqual(file);
      await expect(
        port.findFile('/ProSign/Service agreements', 'Agreement (signed) ps-local1.pdf'),
      ).resolves.toEqual(file);
      await expect(
        port.findFile('/ProSign/Other', 'Agreement (signed) ps-local1.pdf'),
      ).resolves.toBeNull();

      const note = {
        body: 'Signed by the client.',
        at: new Date('2026-03-16T17:42:00Z'),
        marker: 'ps-local1',
        on: [
          { type: 'deals' as const, id: '40000011' },
          { type: 'contacts' as const, id: contactId },
          { type: 'projects' as const, id: projectId },
        ],
        attachmentIds: [file.id],
      };
      const noteId = await port.addNote(note);
      await expect(port.addNote(note)).resolves.toBe(noteId);
      await expect(port.findNote('ps-local1')).resolves.toBe(noteId);
      await expect(port.findNote('ps-none')).resolves.toBeNull();
      const stored = await app
        .get<Connection>(getConnectionToken(), { strict: false })
        .collection('crm_notes')
        .find({ marker: 'ps-local1' })
        .toArray();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        dealId: '40000011',
        attachmentIds: [file.id],
        body: 'Signed by the client.\n\nProSign ref: ps-local1',
      });
      // A record that does not exist is refused, and nothing is written.
      await expect(
        port.addNote({ ...note, marker: 'ps-local2', on: [{ type: 'deals', id: '404' }] }),
      ).rejects.toThrow(/Deal 404 not found/);
      await expect(port.findNote('ps-local2')).resolves.toBeNull();
    });

    it('lists the pipelines with their stages in order', async () => {
      const port = app.get<CrmPort>(CRM_PORT, { strict: false });
      const pipelines = await port.listPipelines();
      const sales = pipelines.find((pipeline) => pipeline.id === 'default')!;
      expect(sales.label).toBe('Sales Pipeline');
      expect(sales.stages.map((stage) => stage.displayOrder)).toEqual(
        sales.stages.map((_, index) => index),
      );
      expect(sales.stages.map((stage) => stage.id)).toContain('contractsent');
      expect(pipelines.map((pipeline) => pipeline.id)).toContain(
        env.config.CRM_CHANGE_ORDER_PIPELINE,
      );
    });
  });
});
