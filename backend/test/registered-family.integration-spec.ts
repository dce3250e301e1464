import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { SOW_FILTERS, SOW_STAFF_ROOM, familyIds, type FamilyDefinition } from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import {
  familyConfig,
  registerAgreementFamily,
  unregisterAgreementFamily,
  type AgreementFamilyRegistration,
} from '../src/modules/agreements';
import {
  FIRM_LETTERHEAD,
  FIRM_SIGNATORY,
} from '../src/modules/documents/templates/firm-letterhead';
import { AgreementSchedulesService } from '../src/modules/agreements/agreement-schedules.service';
import { mailDeliveries } from '../src/modules/mail/mail-delivery.collection';
import { seedBaseData } from './support/seed';
import { DEMO_PROJECT_ID } from './support/sow-fixtures';
import { waitFor } from './support/wait-for';
import {
  expectSignedOnceThenSealed,
  PUBLIC_SIGNING_URL,
  sealedFinish,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/** A lease: the tenant signs; its own fields are all it brings. */
interface LeaseForm {
  tenant_name: string;
  tenant_email: string;
  unit: string;
  rent: number;
  pm_email: string;
  /** The CRM project its events are written on, if any. */
  project_id: string | null;
}

const LEASE_DEFINITION: FamilyDefinition = {
  id: 'lease',
  label: 'Lease',
  noun: 'lease',
  pluralNoun: 'leases',
  documentName: 'lease',
  signerWord: 'tenant',
  idNoun: 'a lease id',
  initialStatus: 'not-signed',
  actionOverrides: {},
  filters: SOW_FILTERS,
  dashboard: { access: 'sowDashboardAccess', staffRoom: SOW_STAFF_ROOM, path: '/lease-dashboard' },
  apiPrefix: 'lease',
  signing: { kind: 'link', segment: 'lease-signature', signatureFontSizePx: 35 },
  crm: { record: 'project', fileFolder: '/ProSign/Leases' },
  mail: { documentTitle: 'Lease', heading: 'Lease agreement' },
};

/** One object: the domain half under `definition`, the rest the server half, defaults elsewhere. */
const LEASE: AgreementFamilyRegistration<LeaseForm> = {
  definition: LEASE_DEFINITION,
  mailedFields: { reviewLinkMail: ['tenant_email', 'tenant_name'], ccCopy: [] },
  recipientFields: { reviewLinkMail: ['tenant_email'], ccCopy: [] },
  parties: (form) => ({
    signerName: form.tenant_name,
    signerEmail: form.tenant_email,
    signerPhone: null,
    copyTo: [],
    senderEmail: form.pm_email,
  }),
  withSigner: (form, signer) => ({ ...form, tenant_name: signer.name, tenant_email: signer.email }),
  title: (form) => `Lease: ${form.unit}`,
  place: (form) => form.unit,
  searchText: (form) => [form.tenant_name, form.tenant_email, form.unit].join(' ').toLowerCase(),
  crm: { dealId: () => null, projectId: (form) => form.project_id },
  signingSummary: (form) => [
    { label: 'Unit', value: form.unit },
    { label: 'Monthly rent', value: String(form.rent) },
  ],
  creation: {
    template: {
      _id: 'lease-template',
      title: 'Residential Lease',
      content: {
        contractKind: 'lease',
        letterhead: FIRM_LETTERHEAD,
        title: 'Residential Lease',
        sections: [
          {
            key: 'terms',
            heading: 'Terms',
            body: 'The Firm leases $unit to $tenant_name for $rent a month.',
          },
        ],
        signatureBlock: { firm: FIRM_SIGNATORY, clientName: '$tenant_name', clientLabel: 'Tenant' },
      },
    },
    formOf: (input) => {
      const text = (key: string) => (typeof input[key] === 'string' ? input[key].trim() : '');
      const rent = Number(input.rent);
      const errors = [
        ...(['tenant_name', 'tenant_email', 'unit', 'pm_email'] as const)
          .filter((key) => !text(key))
          .map((field) => ({ field, message: `${field} is required` })),
        ...(Number.isFinite(rent) && rent > 0
          ? []
          : [{ field: 'rent', message: 'rent must be a positive number' }]),
      ];
      if (errors.length) return { errors };
      return {
        form: {
          tenant_name: text('tenant_name'),
          tenant_email: text('tenant_email'),
          unit: text('unit'),
          rent,
          pm_email: text('pm_email'),
          project_id: text('project_id') || null,
        },
      };
    },
    documentValues: (form) => ({
      tenant_name: form.tenant_name,
      unit: form.unit,
      rent: `$${form.rent}`,
    }),
  },
};

const LEASE_BODY = {
  tenant_name: 'Rosa Diaz',
  tenant_email: 'rosa@tenants.example.com',
  unit: 'Unit 4B, 12 Harbor Way',
  rent: 2400,
  pm_email: 'pm@prosign.example',
  project_id: null,
};

/**
 * A family registered from one object in test code, before the api and worker start
 * (docs/architecture.md#contract-families-on-one-agreement-core): its generic creation
 * routes, its link-signing calls under its api prefix and its dashboard list come from
 * the registry, with no module of its own.
 */
describe('a family registered in code: create, send, sign, list', () => {
  registerAgreementFamily(LEASE);
  const env = createTestEnv(__filename, { PUBLIC_SIGNING_URL });
  let api: INestApplication;
  let worker: INestApplicationContext;
  let admin: StaffHttp;
  let connection: Connection;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    admin = await staffHttp(api, 'admin@prosign.example');
    connection = api.get(getConnectionToken(), { strict: false });
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
    unregisterAgreementFamily('lease');
  });

  it('is one of the families, with the generic defaults filled in', () => {
    expect(familyIds()).toContain('lease');
    const config = familyConfig<LeaseForm>('lease');
    expect(config.mailKeyPrefix).toBe('lease');
    expect(config.signingLinkOf('https://sign.example/', 'abc', 'doc')).toBe(
      'https://sign.example/lease-signature/abc',
    );
    expect(
      config.linkMail({ form: LEASE_BODY, link: 'L', senderEmail: 'x', isReminder: false }),
    ).toEqual({
      kind: 'agreement-link',
      data: {
        family: 'lease',
        recipientName: 'Rosa Diaz',
        projectAddress: 'Unit 4B, 12 Harbor Way',
        link: 'L',
        isReminder: false,
      },
    });
  });

  it('refuses a second family with the same id or api prefix', () => {
    expect(() => registerAgreementFamily(LEASE)).toThrow(/registered already/);
    expect(() =>
      registerAgreementFamily({
        ...LEASE,
        definition: {
          ...LEASE_DEFINITION,
          id: 'lease2',
          signing: { ...LEASE_DEFINITION.signing, segment: 'x' },
        },
      }),
    ).toThrow(/api prefix/);
    expect(familyIds()).not.toContain('lease2');
  });

  it('creates, sends, and its tenant signs on its own link calls; the dashboard lists it signed', async () => {
    const created = await admin().post('/api/lease/create-contract').send(LEASE_BODY).expect(200);
    expect(created.body).toEqual({ docLink: expect.any(String) });
    const sent = await admin()
      .post('/api/lease/send-contract')
      .send({ ...LEASE_BODY, docLink: created.body.docLink })
      .expect(200);
    expect(sent.body).toEqual({
      signaturePageLink: expect.stringMatching(/\/lease-signature\//),
      customId: expect.any(String),
      _id: expect.any(String),
      status: 'not-signed',
    });
    const customId = sent.body.customId as string;
    const tenant = signerHttp(api, { linkToken: customId });

    const checked = await signerHttp(api, { linkToken: customId, pass: false })
      .get(`/api/lease/verify-link/${customId}`)
      .expect(200);
    expect(checked.body).toEqual({ valid: true, linkState: 'open' });
    const page = await tenant.get(`/api/lease/get-contract/${customId}`).expect(200);
    expect(page.body).toMatchObject({
      customId,
      status: 'not-signed',
      summary: [
        { label: 'Unit', value: 'Unit 4B, 12 Harbor Way' },
        { label: 'Monthly rent', value: '2400' },
      ],
    });
    await tenant.post(`/api/lease/increase-viewed-times/${customId}`).expect(200);
    await tenant
      .post(`/api/lease/upload-text-signature/${customId}`)
      .send({ textSignature: 'Rosa Diaz' })
      .expect(200);
    const finishes = await Promise.all([
      tenant.post(`/api/lease/finish/${customId}`).send({ agreedToTerms: true }),
      tenant.post(`/api/lease/finish/${customId}`).send({ agreedToTerms: true }),
    ]);
    await expectSignedOnceThenSealed(api, customId, finishes as never);

    const list = await admin().get('/api/lease/get-contracts').expect(200);
    expect(list.body.filteredContracts).toEqual([
      expect.objectContaining({
        _id: sent.body._id,
        family: 'lease',
        customId,
        status: 'signed',
        summary: expect.objectContaining({ title: 'Lease: Unit 4B, 12 Harbor Way' }),
      }),
    ]);
    // Another family's link calls do not know it.
    await signerHttp(api, { linkToken: customId })
      .get(`/api/sow/get-contract/${customId}`)
      .expect(404);
  });

  /** Created and sent from the generic routes; its stored record. */
  async function sentLease(extra: Record<string, unknown> = {}) {
    const body = { ...LEASE_BODY, ...extra };
    const created = await admin().post('/api/lease/create-contract').send(body).expect(200);
    const sent = await admin()
      .post('/api/lease/send-contract')
      .send({ ...body, docLink: created.body.docLink })
      .expect(200);
    const record = await connection.collection('agreements').findOne({ token: sent.body.customId });
    return { customId: sent.body.customId as string, id: String(record?._id), record };
  }

  async function sign(customId: string, name: string) {
    const signer = signerHttp(api, { linkToken: customId });
    await signer.post(`/api/lease/increase-viewed-times/${customId}`).expect(200);
    await signer
      .post(`/api/lease/upload-text-signature/${customId}`)
      .send({ textSignature: name })
      .expect(200);
    return signer.post(`/api/lease/finish/${customId}`).send({ agreedToTerms: true }).expect(200);
  }

  it('two signers in order, each on their own link; the last seals it and its CRM project hears of it', async () => {
    const { customId, id, record } = await sentLease({
      project_id: DEMO_PROJECT_ID,
      additional_signers: [{ name: 'Luis Ortega', email: 'luis@tenants.example.com' }],
      signing_order: 'sequential',
    });
    const luis = (record?.recipients as { token: string }[])[1].token;
    await signerHttp(api, { linkToken: luis }).get(`/api/lease/get-contract/${luis}`).expect(409);
    await sign(customId, 'Rosa Diaz');
    const page = await signerHttp(api, { linkToken: luis })
      .get(`/api/lease/get-contract/${luis}`)
      .expect(200);
    expect(page.body).toMatchObject({ customId: luis, linkState: 'open' });
    await sign(luis, 'Luis Ortega');
    await sealedFinish(api, customId);
    const move = await waitFor(
      () =>
        connection.collection('crm_stage_moves').findOne({ _id: `lease-signed.${id}` as never }),
      (doc) => doc?.status === 'moved',
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(move).toMatchObject({ projectId: DEMO_PROJECT_ID, milestone: 'signed' });
  });

  it('reminds in its own words, and is declined or voided like any family', async () => {
    const reminded = await sentLease();
    const reminder = await admin().post('/api/lease/send-reminder').send({ id: reminded.id });
    expect(reminder.body).toMatchObject({ message: 'Reminder sent.' });
    const reminders = await mailDeliveries(connection)
      .find({ agreementId: reminded.id, subject: /^Reminder: / })
      .toArray();
    expect(reminders.map((mail) => mail.subject)).toEqual([
      'Reminder: Lease for Unit 4B, 12 Harbor Way',
    ]);

    const declined = await sentLease();
    await signerHttp(api, { linkToken: declined.customId })
      .post(`/api/lease/decline/${declined.customId}`)
      .send({ reason: 'The rent is too high.' })
      .expect(200);
    const afterDecline = await connection
      .collection('agreements')
      .findOne({ token: declined.customId });
    expect(afterDecline?.status).toBe('declined');

    const voided = await sentLease();
    // Voided once signed (here marked signed by staff).
    await admin().post('/api/lease/manual-signed').send({ id: voided.id }).expect(200);
    const answer = await admin()
      .post('/api/lease/void-contract')
      .send({ id: voided.id })
      .expect(200);
    expect(answer.body).toMatchObject({ status: 'void', voidDocLink: expect.any(String) });
  });

  it('is handed over to its authorised signatory, who signs; an old unsigned one expires', async () => {
    const handed = await sentLease();
    const tenant = signerHttp(api, { linkToken: handed.customId });
    await tenant.post(`/api/lease/increase-viewed-times/${handed.customId}`).expect(200);
    await tenant
      .post(`/api/lease/hand-over/${handed.customId}`)
      .send({ name: 'Jane Ortiz', email: 'jane@tenants.example.com', note: 'Jane signs for us.' })
      .expect(200);
    // One signer: the agreement's own link and form are now hers (the family's `withSigner`).
    const record = await connection
      .collection('agreements')
      .findOne({ _id: new Types.ObjectId(handed.id) });
    expect(record?.form).toMatchObject({ tenant_name: 'Jane Ortiz' });
    const janes = record?.token as string;
    expect(janes).not.toBe(handed.customId);
    await sign(janes, 'Jane Ortiz');
    await sealedFinish(api, janes);

    const old = await sentLease();
    await connection
      .collection('agreements')
      .updateOne(
        { token: old.customId },
        { $set: { createdAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) } },
      );
    await worker.get(AgreementSchedulesService, { strict: false }).expireDue();
    const expired = await connection.collection('agreements').findOne({ token: old.customId });
    expect(expired?.status).toBe('expired');
  });

  it('refuses a bad body with its field errors and stores nothing', async () => {
    const before = await connection.collection('documents').countDocuments();
    const agreementsBefore = await connection.collection('agreements').countDocuments();
    const refused = await admin()
      .post('/api/lease/create-contract')
      .send({ ...LEASE_BODY, tenant_email: '', rent: 'lots' })
      .expect(400);
    expect(refused.body.fieldErrors).toEqual([
      { field: 'tenant_email', message: 'tenant_email is required' },
      { field: 'rent', message: 'rent must be a positive number' },
    ]);
    await admin()
      .post('/api/lease/create-contract')
      .send({ ...LEASE_BODY, additional_signers: 'everyone' })
      .expect(400);
    await admin()
      .post('/api/lease/send-contract')
      .send({ ...LEASE_BODY, rent: 0, docLink: 'https://x.example/d/nope/edit' })
      .expect(400);
    expect(await connection.collection('documents').countDocuments()).toBe(before);
    expect(await connection.collection('agreements').countDocuments()).toBe(agreementsBefore);
  });

  it('needs its dashboard flag', async () => {
    const csm = await staffHttp(api, 'csm@prosign.example');
    await csm().post('/api/lease/create-contract').send(LEASE_BODY).expect(403);
    await csm().get('/api/lease/get-contracts').expect(403);
  });
});
