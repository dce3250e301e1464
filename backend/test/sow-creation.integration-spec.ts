import type { INestApplication } from '@nestjs/common';
import { mailKeyOfLink } from './support/agreements';
import { getConnectionToken } from '@nestjs/mongoose';
import type { SowCreateContractRequest } from '@prosign/domain';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { pdfText } from './support/pdf-text';
import { seedBaseData } from './support/seed';
import { DEMO_PARTNERS, DEMO_PROJECT_ID, sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const PUBLIC_API_URL = 'https://prosign.example.com';
const PUBLIC_SIGNING_URL = 'https://sign.prosign.example.com';
const PROJECT_ID = DEMO_PROJECT_ID;
const MEI = DEMO_PARTNERS.mei;
const DEREK = DEMO_PARTNERS.derek;

function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** Creating and sending a SOW (spec 3 §2, §5, §7) on the real api, database and local CRM. */
describe('SOW creation: templates, CRM calls, create-contract, send-contract', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let admin: StaffHttp;
  let pm: StaffHttp;
  let csm: StaffHttp;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    admin = await staffHttp(api, 'admin@prosign.example');
    pm = await staffHttp(api, 'pm@prosign.example');
    csm = await staffHttp(api, 'csm@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const documentCount = () =>
    connection.collection('documents').countDocuments({ kind: 'contract' });

  async function pdfOf(docLink: string): Promise<Buffer> {
    const res = await pm().get(new URL(docLink).pathname).buffer(true).parse(binary).expect(200);
    return res.body as Buffer;
  }

  it('lists the services templates and gives the form what it needs for one', async () => {
    const list = await pm().get('/api/sow/get-templates').expect(200);
    expect(list.body.templates.map((t: { name: string }) => t.name)).toEqual([
      'Commercial',
      'Residential',
    ]);

    const fields = await pm().get('/api/sow/get-form-fields/Residential').expect(200);
    expect(fields.body.roles).toHaveLength(14);
    expect(fields.body.roles.find((r: { role: string }) => r.role === 'ose_cp')).toMatchObject({
      feeField: 'ose_fee_test',
      needsSiteVisit: true,
      isScopeCo: false,
    });
    expect(fields.body.sections.map((s: { key: string }) => s.key)).toContain('template_payment');
    expect(fields.body.ccChoices[0]).toBe('pm@prosign.example');
    expect(fields.body.template.services.designer_cp).toMatch(/architectural design/);

    await pm().get('/api/sow/get-form-fields/Nonexistent').expect(404);
    await csm().get('/api/sow/get-templates').expect(403);
  });

  it('finds projects by address, by id and by a pasted CRM record URL', async () => {
    const url = `https://app.hubspot.com/contacts/123/record/2-9876/${PROJECT_ID}`;
    const project = await pm().post('/api/sow/get-project').send({ recordId: url }).expect(200);
    expect(project.body.hs_object_id).toBe(PROJECT_ID);
    expect(Array.isArray(project.body.contactDetails)).toBe(true);
    const address = project.body.project.properties.address as string;
    expect(address).toBeTruthy();

    const street = address.split(',')[0];
    const byAddress = await pm()
      .get('/api/sow/get-projects-by-address')
      .query({ address: street })
      .expect(200);
    expect(byAddress.body.projects.map((p: { id: string }) => p.id)).toContain(PROJECT_ID);

    for (const typed of [url, PROJECT_ID]) {
      const byId = await pm().get('/api/sow/get-projects-by-address').query({ address: typed });
      expect(byId.body.projects.map((p: { id: string }) => p.id)).toEqual([PROJECT_ID]);
    }
    await pm().post('/api/sow/get-project').send({ recordId: 'no id here' }).expect(400);
  });

  it('searches partners and flags the blacklisted one', async () => {
    const res = await pm().get('/api/sow/search-cps').query({ search: 'Vance' }).expect(200);
    expect(res.body.cps).toEqual([expect.objectContaining({ id: DEREK.id, blacklisted: true })]);
    const mei = await pm().get('/api/sow/search-cps').query({ search: 'Mei' }).expect(200);
    expect(mei.body.cps[0]).toMatchObject({ id: MEI.id, blacklisted: false });
  });

  it.each([
    [
      'a chosen role without its fee',
      { fees: { designer_fee_test: '1200' } },
      400,
      /Enter the fee for On-Site Engineer \(OSE\)/,
    ],
    [
      'a site visit in the past',
      { site_visit_date_time: '2020-01-01T10:00' },
      400,
      /site visit cannot be earlier than today/,
    ],
    [
      'a blacklisted partner without confirmation',
      {
        cp_name: 'Derek Vance',
        cp_email: DEREK.email,
        selectedCpId: DEREK.id,
        cp_roles: ['designer_cp'],
        fees: { designer_fee_test: 10 },
      },
      409,
      /Blacklisted: confirm/,
    ],
    [
      'a new partner whose e-mail an existing partner has',
      { selectedCpId: null },
      409,
      /already exists\. Select them from the list/,
    ],
    [
      'an edited section that drops a placeholder',
      { sections: { template_payment: 'We pay on time.' } },
      400,
      /\$payment_amount/,
    ],
  ] as const)('refuses %s and creates nothing', async (_case, overrides, status, message) => {
    const before = await documentCount();
    const res = await pm()
      .post('/api/sow/create-contract')
      .send(sowBody(overrides as Partial<SowCreateContractRequest>))
      .expect(status);
    expect(JSON.stringify(res.body.message)).toMatch(message);
    expect(await documentCount()).toBe(before);
  });

  it('creates the blacklisted partner’s SOW once confirmed', async () => {
    await pm()
      .post('/api/sow/create-contract')
      .send(
        sowBody({
          cp_name: 'Derek Vance',
          cp_email: DEREK.email,
          selectedCpId: DEREK.id,
          cp_roles: ['designer_cp'],
          fees: { designer_fee_test: 10 },
          blacklistConfirmed: true,
        }),
      )
      .expect(200);
  });

  it('creates the SOW document from the form, then sends the partner the /sow-signature link', async () => {
    const created = await pm()
      .post('/api/sow/create-contract')
      .send(
        sowBody({
          sections: {
            template_footer_note:
              'Questions: call <<$pm_email:pm@prosign.example>> any weekday before 5 PM.',
          },
        }),
      )
      .expect(200);
    expect(created.body).toMatchObject({ payment_amount: 1550.5 });
    expect(created.body.effective_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const docLink = created.body.docLink as string;

    const text = await pdfText(await pdfOf(docLink));
    // The heading is the template's; the project is in the subtitle.
    expect(text).toContain('SCOPE OF WORK AGREEMENT');
    expect(text).toContain('Mei Lin');
    expect(text).toContain('$1,550.50');
    expect(text).toContain('Designer: $1,200.00');
    expect(text).toContain('On-Site Engineer (OSE): $350.50');
    expect(text).toContain('1 week');
    expect(text).toContain('(Pacific time)');
    // The preview was reverted to $pm_email and filled from the form.
    expect(text).toContain('Questions: call pm@prosign.example any weekday');
    expect(text).toMatch(/architectural design set/);

    const sent = await pm()
      .post('/api/sow/send-contract')
      .send({ ...sowBody(), docLink })
      .expect(200);
    const customId = sent.body.customId as string;
    expect(sent.body.signaturePageLink).toBe(`${PUBLIC_SIGNING_URL}/sow-signature/${customId}`);
    expect(sent.body.status).toBe('not-signed');

    const mail = await mailDeliveries(connection).findOne({
      _id: await mailKeyOfLink(connection, customId, 'review-link'),
    });
    expect(mail).toMatchObject({ to: [MEI.email], replyTo: 'pm@prosign.example' });
    expect(mail?.subject).toBe('Scope of Work for 88 Orchard Lane, San Jose, CA 95112');
    expect(mail?.text).toContain(sent.body.signaturePageLink);
    const cc = await mailDeliveries(connection).findOne({
      _id: await mailKeyOfLink(connection, customId, 'cc-copy'),
    });
    expect(cc?.to).toEqual(['pm@prosign.example']);

    // Sending the same document again is the same send: same link, no second mail.
    const again = await pm()
      .post('/api/sow/send-contract')
      .send({ ...sowBody(), docLink })
      .expect(200);
    expect(again.body.customId).toBe(customId);
    expect(
      await mailDeliveries(connection).countDocuments({
        _id: await mailKeyOfLink(connection, customId, 'review-link'),
      }),
    ).toBe(1);

    const stored = await connection
      .collection('agreements')
      .findOne({ family: 'sow', token: customId });
    expect(stored?.form).toMatchObject({
      cp_roles: 'designer_cp,ose_cp',
      fees: { designer_fee_test: 1200, ose_fee_test: 350.5 },
      payment_amount: 1550.5,
      project_timeline: '1 week',
    });
  });

  it('lets only admins save a role’s services text, which the next SOW then carries', async () => {
    const template = (await pm().get('/api/sow/services-deliverables/name/Residential').expect(200))
      .body as { _id: string };
    const services = { designer_cp: 'Design the garage addition in three review rounds.' };

    const refused = await pm()
      .put(`/api/sow/services-deliverables/${template._id}`)
      .send({ services })
      .expect(403);
    expect(refused.body.message).toMatch(/^Unauthorized: You do not have permission to update/);

    const saved = await admin()
      .put(`/api/sow/services-deliverables/${template._id}`)
      .send({ services })
      .expect(200);
    expect(saved.body.template.services.designer_cp).toBe(services.designer_cp);
    expect(saved.body.template.updatedBy).toBe('admin@prosign.example');

    const fields = await pm().get('/api/sow/get-form-fields/Residential').expect(200);
    expect(fields.body.template.services.designer_cp).toBe(services.designer_cp);

    const created = await pm()
      .post('/api/sow/create-contract')
      .send(sowBody({ services_deliverables: '' }))
      .expect(200);
    expect(await pdfText(await pdfOf(created.body.docLink))).toContain(
      'Design the garage addition in three review rounds.',
    );
  });

  it('updates the partner in the CRM and reports what the CRM lacks', async () => {
    const updated = await pm()
      .post('/api/sow/update-hs')
      .send({
        contractFormData: {
          cp_name: 'Nora Quinn',
          cp_email: 'nora.quinn@partners.example.com',
          cp_roles: ['t24_cp'],
        },
        projectId: PROJECT_ID,
      })
      .expect(200);
    expect(updated.body.contactId).toBeTruthy();

    const missing = await pm()
      .post('/api/sow/get-missing-properties')
      .send({ projectId: PROJECT_ID, cpId: updated.body.contactId })
      .expect(200);
    expect(missing.body.missingProperties).toEqual(['partner.phone']);

    // Now she exists: a new SOW for her e-mail without choosing her is refused.
    await pm()
      .post('/api/sow/create-contract')
      .send(
        sowBody({
          cp_name: 'Nora Quinn',
          cp_email: 'nora.quinn@partners.example.com',
          selectedCpId: null,
        }),
      )
      .expect(409);
  });
});
