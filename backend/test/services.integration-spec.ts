import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import {
  createAccessFlags,
  SERVICE_MESSAGES,
  TERMS_MESSAGES,
  type AccessFlag,
  type ServiceRecord,
} from '@prosign/domain';
import type { Model } from 'mongoose';
import request from 'supertest';
import { AccessService } from '../src/modules/access/access.service';
import { ServiceChange } from '../src/modules/services/service.schema';
import { SEEDED_SERVICES } from '../src/modules/services/seeded-services';
import { INITIAL_TERMS } from '../src/modules/services/services.seeder';
import { seedBaseData } from './support/seed';
import { TEST_ADMIN, asStaff, signIn } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

describe('services, default terms and form definitions', () => {
  const env = createTestEnv(__filename, {
    SERVICE_DELETE_PASSWORD: 'open sesame',
    SERVICE_DELETE_MAX_ATTEMPTS: '3',
  });
  let app: INestApplication;
  let manager: ReturnType<typeof asStaff>;
  let creator: ReturnType<typeof asStaff>;
  let outsider: ReturnType<typeof asStaff>;

  /**
   * A csm with exactly these flags (created on first use), signed in through
   * the real local sign-in: every call opens a new session.
   */
  async function staff(email: string, flags: AccessFlag[]) {
    const access = createAccessFlags(Object.fromEntries(flags.map((flag) => [flag, true])));
    await app.get(AccessService).ensureUser(email, ['csm'], access);
    return asStaff(app, await signIn(app, email));
  }

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app } = await startApi(env.config));
    manager = await staff('maria@prosign.example', ['servicesAccess', 'tncAccess', 'homeAccess']);
    creator = await staff('carl@prosign.example', ['homeAccess']);
    outsider = await staff('olga@prosign.example', ['dashboardAccess']);
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  async function listServices(): Promise<ServiceRecord[]> {
    return (await manager.get('/api/service/get-services').expect(200)).body as ServiceRecord[];
  }

  const changes = () => app.get<Model<ServiceChange>>(getModelToken(ServiceChange.name));

  it('lists the seeded services in stored order, with their placeholders', async () => {
    const services = await listServices();
    expect(services.map((s) => s.serviceName)).toEqual(SEEDED_SERVICES.map((s) => s.serviceName));
    expect(services.map((s) => s.position)).toEqual(services.map((_, i) => String(i + 1)));
    const structural = services[0];
    expect(structural).toMatchObject({
      agreementTitle: 'Structural Engineering Services Agreement',
      changeBasicServices: true,
      defaultTnC: true,
      termsAndConditions: INITIAL_TERMS,
    });
    expect(structural.start).toContain('$agreement_date');
    expect(structural.engineerFee).toContain('$payment_clause');
    expect(structural.engineerBasicService).toContain('$title_report_clause');
    // The contract-creation screen reads the same list with homeAccess alone.
    const forCreator = await creator.get('/api/service/get-services').expect(200);
    expect(forCreator.body.map((s: ServiceRecord) => s._id)).toEqual(services.map((s) => s._id));
  });

  it('refuses every call to staff without the section flag', async () => {
    const id = (await listServices())[0]._id;
    const refused = [
      outsider.get('/api/service/get-services'),
      outsider.post('/api/service/create').send({ serviceName: 'X', agreementTitle: 'X' }),
      creator.post('/api/service/create').send({ serviceName: 'X', agreementTitle: 'X' }),
      creator.put(`/api/service/update/${id}`).send({ agreementTitle: 'X' }),
      creator.put('/api/service/reorder').send({ ids: [id] }),
      creator.post('/api/service/verify-password').send({ password: 'open sesame' }),
      creator.delete(`/api/service/delete/${id}`),
      outsider.get('/api/tnc/latest'),
      creator.post('/api/tnc/save').send({ content: 'New terms' }),
      outsider.get(`/api/form/${encodeURIComponent('MEP Design')}`),
    ];
    for (const call of refused) {
      const res = await call.expect(403);
      expect(res.body.message).toMatch(/^You do not have access to .+\(\w+Access\)/);
    }
    await request(app.getHttpServer()).get('/api/service/get-services').expect(401);
    expect((await listServices())[0].agreementTitle).toBe(
      'Structural Engineering Services Agreement',
    );
  });

  it('creates a service at the end of the list, with default terms and the default form', async () => {
    const res = await manager
      .post('/api/service/create')
      .send({
        serviceName: '  Geotechnical Review  ',
        agreementTitle: 'Geotechnical Review Agreement',
        start: 'Agreement dated $agreement_date with $client_name.',
        engineerFee: '$payment_clause',
        termsAndConditions: 'ignored: default terms apply',
        defaultTnC: true,
        changeBasicServices: true,
        performedBy: 'someone-else@example.com',
      })
      .expect(201);
    expect(res.body.message).toBe(SERVICE_MESSAGES.created);
    const created = res.body.service as ServiceRecord;
    expect(created).toMatchObject({
      serviceName: 'Geotechnical Review',
      position: String(SEEDED_SERVICES.length + 1),
      termsAndConditions: INITIAL_TERMS,
      defaultTnC: true,
      changeBasicServices: true,
      updatedBy: 'maria@prosign.example',
    });
    const form = await creator.get('/api/form/geotechnical%20review').expect(200);
    expect(form.body.fields.map((f: { name: string }) => f.name)).toContain('full_name');
    expect(form.body.additionalFields.start).toBe(created.start);
    const log = await changes().find({ serviceId: created._id }).lean();
    expect(log).toEqual([
      expect.objectContaining({ action: 'created', performedBy: 'maria@prosign.example' }),
    ]);
  });

  it('refuses an empty name or title and a duplicate name, changing nothing', async () => {
    const before = await listServices();
    const empty = await manager
      .post('/api/service/create')
      .send({ serviceName: '   ', agreementTitle: 'T' })
      .expect(400);
    expect(empty.body.message).toContain(SERVICE_MESSAGES.nameRequired);
    const noTitle = await manager
      .post('/api/service/create')
      .send({ serviceName: 'Something' })
      .expect(400);
    expect(noTitle.body.message).toContain(SERVICE_MESSAGES.agreementTitleRequired);
    const duplicate = await manager
      .post('/api/service/create')
      .send({ serviceName: 'mep design', agreementTitle: 'T' })
      .expect(409);
    expect(duplicate.body.message).toBe(
      'A service named "mep design" already exists. Choose another name.',
    );
    const unknownField = await manager
      .post('/api/service/create')
      .send({ serviceName: 'A', agreementTitle: 'B', position: '1', color: 'red' })
      .expect(400);
    expect(unknownField.body.message).toContain('property color should not exist');
    const id = before[1]._id;
    const rename = await manager
      .put(`/api/service/update/${id}`)
      .send({ serviceName: '' })
      .expect(400);
    expect(rename.body.message).toContain(SERVICE_MESSAGES.nameRequired);
    expect(await listServices()).toEqual(before);
  });

  it('refuses an edit that drops a placeholder, naming the missing ones', async () => {
    const mep = (await listServices()).find((s) => s.serviceName === 'MEP Design')!;
    const res = await manager
      .put(`/api/service/update/${mep._id}`)
      .send({
        agreementTitle: 'MEP Agreement',
        engineerFee: 'Pay on time.',
        start: mep.start.replace('$client_name', 'the Client').replace('$email', 'email'),
      })
      .expect(400);
    expect(res.body.message).toBe(
      'Placeholders cannot be removed: Overview is missing $client_name, $email; Engineer Fee is missing $payment_clause.',
    );
    const after = (await listServices()).find((s) => s._id === mep._id)!;
    expect(after).toEqual(mep);
  });

  it('edits a service keeping its placeholders, and records who did', async () => {
    const mep = (await listServices()).find((s) => s.serviceName === 'MEP Design')!;
    const res = await manager
      .put(`/api/service/update/${mep._id}`)
      .send({
        serviceName: 'MEP Design & Coordination',
        engineerFee: `${mep.engineerFee}\nLate fees apply.`,
        changeBasicServices: true,
      })
      .expect(200);
    expect(res.body.message).toBe(SERVICE_MESSAGES.updated);
    expect(res.body.service).toMatchObject({
      serviceName: 'MEP Design & Coordination',
      changeBasicServices: true,
      position: mep.position,
    });
    const log = await changes().find({ serviceId: mep._id, action: 'updated' }).lean();
    expect(log[0].performedBy).toBe('maria@prosign.example');
    expect([...log[0].fields].sort()).toEqual([
      'changeBasicServices',
      'engineerFee',
      'serviceName',
    ]);
    await manager.put('/api/service/update/650000000000000000000099').send({}).expect(404);
    await manager.put('/api/service/update/not-an-id').send({}).expect(400);
  });

  it('reorders every service in one request, renumbering from 1', async () => {
    const before = await listServices();
    const ids = before.map((s) => s._id).reverse();
    const res = await manager.put('/api/service/reorder').send({ ids }).expect(200);
    expect(res.body.services.map((s: ServiceRecord) => s._id)).toEqual(ids);
    const after = await listServices();
    expect(after.map((s) => s._id)).toEqual(ids);
    expect(after.map((s) => s.position)).toEqual(ids.map((_, i) => String(i + 1)));

    const partial = await manager
      .put('/api/service/reorder')
      .send({ ids: ids.slice(1) })
      .expect(400);
    expect(partial.body.message).toMatch(/every service exactly once/);
    await manager
      .put('/api/service/reorder')
      .send({ ids: [ids[0], ids[0]] })
      .expect(400);
    expect((await listServices()).map((s) => s._id)).toEqual(ids);

    // The spec's client moves one service by sending a position alone.
    await manager.put(`/api/service/update/${ids[0]}`).send({ position: '99' }).expect(200);
    expect((await listServices()).at(-1)?._id).toBe(ids[0]);
  });

  it('saves terms as a new version and applies them to every service with defaultTnC', async () => {
    const empty = await manager.post('/api/tnc/save').send({ content: '  \n ' }).expect(400);
    expect(empty.body.message).toBe(TERMS_MESSAGES.empty);
    expect((await manager.get('/api/tnc/latest').expect(200)).body.data.content).toBe(
      INITIAL_TERMS,
    );

    const withDefault = (await listServices()).filter((s) => s.defaultTnC);
    const own = (await listServices()).filter((s) => !s.defaultTnC);
    expect(own.length).toBeGreaterThan(0);
    const content = '1. New terms, version two.';
    const saved = await manager.post('/api/tnc/save').send({ content }).expect(200);
    expect(saved.body).toMatchObject({
      message: TERMS_MESSAGES.saved,
      updated: withDefault.length,
      failed: 0,
      data: { content, createdBy: 'maria@prosign.example' },
    });
    expect((await manager.get('/api/tnc/latest').expect(200)).body.data.content).toBe(content);
    const after = await listServices();
    for (const service of after) {
      const ownBefore = own.find((s) => s._id === service._id);
      expect(service.termsAndConditions).toBe(ownBefore ? ownBefore.termsAndConditions : content);
    }

    // Ticking "Default tnc" on a service gives it the latest terms.
    const inspection = own[0];
    const ticked = await manager
      .put(`/api/service/update/${inspection._id}`)
      .send({ defaultTnC: true })
      .expect(200);
    expect(ticked.body.service.termsAndConditions).toBe(content);
  });

  it('deletes only after the same session verified the password', async () => {
    const victim = (
      await manager
        .post('/api/service/create')
        .send({ serviceName: 'To Delete', agreementTitle: 'Short-lived' })
        .expect(201)
    ).body.service as ServiceRecord;

    const direct = await manager.delete(`/api/service/delete/${victim._id}`).expect(403);
    expect(direct.body.message).toBe(SERVICE_MESSAGES.deleteNotVerified);

    const wrong = await manager
      .post('/api/service/verify-password')
      .send({ password: 'guess' })
      .expect(200);
    expect(wrong.body).toEqual({ valid: false, message: SERVICE_MESSAGES.wrongPassword });
    await manager.delete(`/api/service/delete/${victim._id}`).expect(403);

    // Another session's verification does not count for this one.
    const colleague = await staff('maria@prosign.example', ['servicesAccess']);
    await colleague
      .post('/api/service/verify-password')
      .send({ password: 'open sesame' })
      .expect(200);
    await manager.delete(`/api/service/delete/${victim._id}`).expect(403);

    const ok = await manager
      .post('/api/service/verify-password')
      .send({ password: 'open sesame' })
      .expect(200);
    expect(ok.body).toEqual({ valid: true, message: 'Password verified.' });
    const deleted = await manager.delete(`/api/service/delete/${victim._id}`).expect(200);
    expect(deleted.body.message).toBe(SERVICE_MESSAGES.deleted);
    expect((await listServices()).some((s) => s._id === victim._id)).toBe(false);
    // The verification is used up by the delete.
    const other = (await listServices())[0];
    await manager.delete(`/api/service/delete/${other._id}`).expect(403);
    const log = await changes().find({ serviceId: victim._id, action: 'deleted' }).lean();
    expect(log[0].performedBy).toBe('maria@prosign.example');
  });

  it('locks password attempts after too many wrong ones', async () => {
    const guesser = await staff('gus@prosign.example', ['servicesAccess']);
    for (let i = 0; i < 3; i += 1) {
      await guesser
        .post('/api/service/verify-password')
        .send({ password: `no${i}` })
        .expect(200);
    }
    const locked = await guesser
      .post('/api/service/verify-password')
      .send({ password: 'open sesame' })
      .expect(429);
    expect(locked.body.message).toBe(SERVICE_MESSAGES.tooManyPasswordAttempts);
  });

  it('lets only an admin change the password; the old one stops working', async () => {
    const admin = asStaff(app, await signIn(app, TEST_ADMIN));
    const notAdmin = await manager
      .put('/api/service/delete-password')
      .send({ password: 'new password 1' })
      .expect(403);
    expect(notAdmin.body.message).toBe('Only administrators can do this.');
    await admin.put('/api/service/delete-password').send({ password: 'short' }).expect(400);
    await admin
      .put('/api/service/delete-password')
      .send({ password: 'new password 1' })
      .expect(200);
    const fresh = await staff('nina@prosign.example', ['servicesAccess']);
    const old = await fresh
      .post('/api/service/verify-password')
      .send({ password: 'open sesame' })
      .expect(200);
    expect(old.body.valid).toBe(false);
    const now = await fresh
      .post('/api/service/verify-password')
      .send({ password: 'new password 1' })
      .expect(200);
    expect(now.body.valid).toBe(true);
  });

  it('returns the form definition of a service, and 404 for an unknown one', async () => {
    const form = await creator.get('/api/form/Inspection').expect(200);
    expect(form.body.serviceType).toBe('Inspection');
    const deposit = form.body.fields.find((f: { name: string }) => f.name === 'deposit');
    expect(deposit).toEqual({
      name: 'deposit',
      label: 'Deposit',
      type: 'text',
      required: true,
      isNotEditable: true,
      options: [],
    });
    expect(Object.keys(form.body.additionalFields).sort()).toEqual(
      [
        'agreementTitle',
        'engineerAdditionalService',
        'engineerBasicService',
        'engineerFee',
        'licensingAndInsurance',
        'projectDescription',
        'start',
        'termsAndConditions',
      ].sort(),
    );
    expect(form.body.additionalFields.agreementTitle).toBe(
      'Structural Observation and Inspection Agreement',
    );
    const unknown = await creator.get('/api/form/Underwater%20Welding').expect(404);
    expect(unknown.body.message).toBe(
      'No service named "Underwater Welding". Choose one from the list.',
    );
  });
});
