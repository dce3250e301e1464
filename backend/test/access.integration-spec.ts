import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { SHELL_ORIGIN, TEST_ADMIN, asStaff, signIn } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const CSM = 'casey.csm@prosign.example';
const PM = 'pat.pm@prosign.example';
const OTHER_ADMIN = 'olive.admin@prosign.example';

interface UserRow {
  email: string;
  role: string[];
  [flag: string]: unknown;
}

describe('/api/access (spec 1 §7)', () => {
  const env = createTestEnv(__filename, { DEFAULT_PM_EMAIL: 'lead.pm@prosign.example' });
  let app: INestApplication;
  let admin: ReturnType<typeof asStaff>;
  let adminCookie: string;

  beforeAll(async () => {
    ({ app } = await startApi(env.config));
    adminCookie = await signIn(app, TEST_ADMIN);
    admin = asStaff(app, adminCookie);
  });

  afterAll(async () => {
    await app.close();
    await env.cleanup();
  });

  async function usersNamed(): Promise<string[]> {
    const res = await admin.get('/api/access/user').expect(200);
    return (res.body.users as UserRow[]).map((user) => user.email);
  }

  async function auditActions(): Promise<Array<Record<string, unknown>>> {
    const res = await admin.get('/api/access/audit').expect(200);
    return res.body.entries as Array<Record<string, unknown>>;
  }

  describe('refusals', () => {
    it.each([
      ['GET', '/api/access/user'],
      ['POST', '/api/access/user'],
      ['DELETE', '/api/access/user'],
      ['PUT', '/api/access/role'],
      ['POST', '/api/access/toggle-access'],
      ['GET', `/api/access/is-admin/${TEST_ADMIN}`],
      ['GET', `/api/access/get-accesses-for-email/${TEST_ADMIN}`],
      ['GET', '/api/access/audit'],
    ])('%s %s needs a session (401)', async (method, url) => {
      const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      const server = request(app.getHttpServer());
      const res = await server[verb](url)
        .send({ email: 'x', role: 'csm', accessField: 'homeAccess' })
        .expect(401);
      expect(res.body).toEqual({
        statusCode: 401,
        message: 'Sign in to continue.',
        error: 'Unauthorized',
      });
    });
  });

  describe('adding users', () => {
    it('appends the domain, defaults the role to csm with the CSM flags, and records who did it', async () => {
      const res = await admin.post('/api/access/user').send({ email: 'Casey.CSM' }).expect(201);
      expect(res.body.user).toEqual({
        email: CSM,
        role: ['csm'],
        homeAccess: true,
        dashboardAccess: true,
        servicesAccess: false,
        tncAccess: false,
        userAccessAccess: false,
        sowAccess: false,
        sowDashboardAccess: false,
        sowServicesEditAccess: false,
        documentsAccess: true,
        insightsAccess: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const [latest] = await auditActions();
      expect(latest).toMatchObject({
        actor: TEST_ADMIN,
        action: 'user.added',
        target: CSM,
        ip: expect.any(String),
      });
    });

    it('takes the acting user from the session, not from performedBy', async () => {
      await admin
        .post('/api/access/user')
        .send({ email: 'pat.pm', role: 'pm', performedBy: 'someone.else@prosign.example' })
        .expect(201);
      const [latest] = await auditActions();
      expect(latest).toMatchObject({ actor: TEST_ADMIN, target: PM, details: { role: ['pm'] } });
    });

    it('refuses a duplicate clearly and changes nothing', async () => {
      const res = await admin.post('/api/access/user').send({ email: 'casey.csm' }).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        message: `${CSM} is already a user.`,
        error: 'Conflict',
      });
    });

    it.each([
      [{}, 'Email is required.'],
      [{ email: '   ' }, 'Email is required.'],
      [{ email: 'x', role: 'root' }, 'role must be one or more of: admin, csm, pm'],
      [{ email: 'x', role: [] }, 'Choose at least one role.'],
      [{ email: 'x', isAdmin: true }, 'property isAdmin should not exist'],
    ])('refuses %o with 400 (%s)', async (body, message) => {
      const before = await usersNamed();
      const res = await admin.post('/api/access/user').send(body).expect(400);
      expect(res.body.message).toContain(message);
      expect(await usersNamed()).toEqual(before);
    });

    it('refuses an address outside the company domain', async () => {
      const res = await admin.post('/api/access/user').send({ email: 'x@gmail.com' }).expect(400);
      expect(res.body.message).toBe(
        'Only @prosign.example addresses can be used. Type just the user name.',
      );
    });
  });

  describe('listing users', () => {
    it('lists every user with roles and flags for a User Access holder', async () => {
      const res = await admin.get('/api/access/user').expect(200);
      expect((res.body.users as UserRow[]).map((u) => [u.email, u.role])).toEqual([
        [TEST_ADMIN, ['admin']],
        [CSM, ['csm']],
        [PM, ['pm']],
      ]);
      expect((res.body.users as UserRow[])[0]).toHaveProperty('userAccessAccess', true);
    });

    it('filters by role; the PM list always starts with the default PM', async () => {
      const csms = await admin.get('/api/access/user?role=csm').expect(200);
      expect((csms.body.users as UserRow[]).map((u) => u.email)).toEqual([CSM]);
      const pms = await admin.get('/api/access/user?role=pm').expect(200);
      expect((pms.body.users as UserRow[]).map((u) => u.email)).toEqual([
        'lead.pm@prosign.example',
        PM,
      ]);
    });

    it('refuses an unknown role filter', async () => {
      const res = await admin.get('/api/access/user?role=boss').expect(400);
      expect(res.body.message).toEqual(['role must be one of: admin, csm, pm']);
    });

    it('shows staff without User Access only e-mails and roles', async () => {
      const csm = asStaff(app, await signIn(app, CSM));
      const res = await csm.get('/api/access/user?role=pm').expect(200);
      expect(res.body.users).toEqual([
        { email: 'lead.pm@prosign.example', role: ['pm'] },
        { email: PM, role: ['pm'] },
      ]);
    });
  });

  describe('flags', () => {
    it('toggles a flag, returns the updated flags, and the change takes effect on the next request', async () => {
      const csm = asStaff(app, await signIn(app, CSM));
      await csm.get('/api/access/audit').expect(403);

      const res = await admin
        .post('/api/access/toggle-access')
        .send({ email: CSM, accessField: 'userAccessAccess' })
        .expect(200);
      expect(res.body).toMatchObject({
        success: true,
        email: CSM,
        access: { userAccessAccess: true, homeAccess: true, servicesAccess: false },
        userAccessAccess: true,
      });
      await csm.get('/api/access/audit').expect(200);

      await admin
        .post('/api/access/toggle-access')
        .send({ email: CSM, accessField: 'userAccessAccess' })
        .expect(200);
      const denied = await csm.get('/api/access/audit').expect(403);
      expect(denied.body).toEqual({
        statusCode: 403,
        message:
          'You do not have access to User Access (userAccessAccess). Ask an administrator for it.',
        error: 'Forbidden',
      });

      const [latest] = await auditActions();
      expect(latest).toMatchObject({
        actor: TEST_ADMIN,
        action: 'access.toggled',
        target: CSM,
        details: { field: 'userAccessAccess', from: true, to: false },
      });
    });

    it('refuses a staff member without User Access (403) and changes nothing', async () => {
      const csm = asStaff(app, await signIn(app, CSM));
      const res = await csm
        .post('/api/access/toggle-access')
        .send({ email: CSM, accessField: 'servicesAccess' })
        .expect(403);
      expect(res.body.message).toContain('userAccessAccess');
      const flags = await admin.get(`/api/access/get-accesses-for-email/${CSM}`).expect(200);
      expect(flags.body.access.servicesAccess).toBe(false);
    });

    it('refuses an unknown flag or user', async () => {
      const bad = await admin
        .post('/api/access/toggle-access')
        .send({ email: CSM, accessField: 'isAdmin' })
        .expect(400);
      expect(bad.body.message[0]).toMatch(/^accessField must be one of: homeAccess/);
      const missing = await admin
        .post('/api/access/toggle-access')
        .send({ email: 'ghost', accessField: 'homeAccess' })
        .expect(404);
      expect(missing.body.message).toBe('ghost@prosign.example is not a user.');
    });

    it('never lets someone remove their own User Access', async () => {
      const res = await admin
        .post('/api/access/toggle-access')
        .send({ email: TEST_ADMIN, accessField: 'userAccessAccess' })
        .expect(409);
      expect(res.body.message).toBe(
        'You cannot remove your own User Access permission: you would lock yourself out of user administration.',
      );
      const flags = await admin.get(`/api/access/get-accesses-for-email/${TEST_ADMIN}`);
      expect(flags.body.access.userAccessAccess).toBe(true);
    });
  });

  describe('get-accesses-for-email and is-admin', () => {
    it('returns success and access for one’s own address', async () => {
      const csm = asStaff(app, await signIn(app, CSM));
      const res = await csm.get(`/api/access/get-accesses-for-email/${CSM}`).expect(200);
      expect(res.body).toEqual({
        success: true,
        access: expect.objectContaining({ homeAccess: true, dashboardAccess: true }),
      });
    });

    it('refuses reading someone else’s flags without User Access', async () => {
      const csm = asStaff(app, await signIn(app, CSM));
      const res = await csm.get(`/api/access/get-accesses-for-email/${TEST_ADMIN}`).expect(403);
      expect(res.body.message).toBe(
        'You can only read your own access unless you have User Access.',
      );
    });

    it('answers 404 "Access data not found" for an unknown address', async () => {
      const res = await admin.get('/api/access/get-accesses-for-email/ghost').expect(404);
      expect(res.body.message).toBe('Access data not found');
    });

    it('tells whether an address is an admin', async () => {
      expect((await admin.get(`/api/access/is-admin/${TEST_ADMIN}`).expect(200)).body).toEqual({
        isAdmin: true,
      });
      expect((await admin.get(`/api/access/is-admin/${CSM}`).expect(200)).body).toEqual({
        isAdmin: false,
      });
      const res = await admin.get('/api/access/is-admin/ghost').expect(404);
      expect(res.body.message).toBe('Email not found.');
    });
  });

  describe('roles', () => {
    it('changes roles and records from and to', async () => {
      const res = await admin
        .put('/api/access/role')
        .send({ email: CSM, role: ['csm', 'pm'], deletedBy: 'ignored@prosign.example' })
        .expect(200);
      expect(res.body.user).toMatchObject({ email: CSM, role: ['csm', 'pm'] });
      const [latest] = await auditActions();
      expect(latest).toMatchObject({
        actor: TEST_ADMIN,
        action: 'roles.changed',
        details: { from: ['csm'], to: ['csm', 'pm'] },
      });
    });

    it('refuses an empty or unknown role list', async () => {
      await admin.put('/api/access/role').send({ email: CSM, role: [] }).expect(400);
      await admin
        .put('/api/access/role')
        .send({ email: CSM, role: ['owner'] })
        .expect(400);
      await admin.put('/api/access/role').send({ email: CSM }).expect(400);
    });

    it('never removes the last admin', async () => {
      const res = await admin
        .put('/api/access/role')
        .send({ email: TEST_ADMIN, role: ['csm'] })
        .expect(409);
      expect(res.body.message).toBe(
        `${TEST_ADMIN} is the last administrator. Make someone else an administrator first.`,
      );
      expect((await admin.get(`/api/access/is-admin/${TEST_ADMIN}`)).body.isAdmin).toBe(true);
    });

    it('lets only administrators grant the admin role', async () => {
      await admin
        .post('/api/access/toggle-access')
        .send({ email: CSM, accessField: 'userAccessAccess' })
        .expect(200);
      const csm = asStaff(app, await signIn(app, CSM));
      const res = await csm
        .put('/api/access/role')
        .send({ email: CSM, role: ['csm', 'admin'] })
        .expect(403);
      expect(res.body.message).toBe('Only administrators can grant or remove the admin role.');
      await csm.post('/api/access/user').send({ email: 'sneaky', role: 'admin' }).expect(403);
      expect(await usersNamed()).not.toContain('sneaky@prosign.example');
    });
  });

  describe('deleting users', () => {
    it('refuses deleting oneself and the last admin', async () => {
      const self = await admin.delete('/api/access/user').send({ email: TEST_ADMIN }).expect(409);
      expect(self.body.message).toBe(
        'You cannot delete yourself: you would lose access to the tool.',
      );
    });

    it('deletes a user, ends their sessions at once, and records it', async () => {
      await admin.post('/api/access/user').send({ email: 'temp.user' }).expect(201);
      const tempCookie = await signIn(app, 'temp.user@prosign.example');
      await asStaff(app, tempCookie).get('/api/auth/session').expect(200);

      const res = await admin
        .delete('/api/access/user')
        .send({ email: 'temp.user', deletedBy: 'whoever' })
        .expect(200);
      expect(res.body).toEqual({
        message: 'temp.user@prosign.example was deleted.',
        email: 'temp.user@prosign.example',
      });
      await asStaff(app, tempCookie).get('/api/auth/session').expect(401);
      expect(await usersNamed()).not.toContain('temp.user@prosign.example');
      const [latest] = await auditActions();
      expect(latest).toMatchObject({
        actor: TEST_ADMIN,
        action: 'user.deleted',
        target: 'temp.user@prosign.example',
        details: { sessionsEnded: 1 },
      });
      // Signing in again is refused: only listed users get a session.
      await request(app.getHttpServer())
        .post('/api/auth/local')
        .set('origin', SHELL_ORIGIN)
        .send({ email: 'temp.user' })
        .expect(403);
    });

    it('lets an admin remove another admin while one remains, and a non-admin never', async () => {
      await admin
        .post('/api/access/user')
        .send({ email: 'olive.admin', role: ['admin'] })
        .expect(201);
      const csm = asStaff(app, await signIn(app, CSM));
      const refused = await csm.delete('/api/access/user').send({ email: OTHER_ADMIN }).expect(403);
      expect(refused.body.message).toBe(
        'Only administrators can change or delete an administrator.',
      );
      await admin.delete('/api/access/user').send({ email: OTHER_ADMIN }).expect(200);
    });

    it('answers 404 for an unknown user', async () => {
      await admin.delete('/api/access/user').send({ email: 'ghost' }).expect(404);
    });
  });

  describe('the change record', () => {
    it('lists changes newest first with who, what, to whom, when and from where', async () => {
      const res = await admin.get('/api/access/audit?limit=3').expect(200);
      const entries = res.body.entries as Array<{ at: string }>;
      expect(entries).toHaveLength(3);
      expect(Date.parse(entries[0].at)).toBeGreaterThanOrEqual(Date.parse(entries[2].at));
      expect(entries[0]).toEqual({
        id: expect.any(String),
        at: expect.any(String),
        actor: TEST_ADMIN,
        action: expect.any(String),
        target: expect.any(String),
        details: expect.any(Object),
        ip: expect.any(String),
      });
      await admin.get('/api/access/audit?limit=0').expect(400);
    });

    it('starts with the bootstrap admin ensured at start-up', async () => {
      const res = await admin.get('/api/access/audit?limit=200').expect(200);
      const entries = res.body.entries as Array<Record<string, unknown>>;
      expect(entries[entries.length - 1]).toMatchObject({
        actor: 'system',
        action: 'admin.bootstrapped',
        target: TEST_ADMIN,
      });
    });
  });
});
