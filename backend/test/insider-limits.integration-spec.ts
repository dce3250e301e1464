import type { INestApplication } from '@nestjs/common';
import { createAccessFlags, SERVICE_MESSAGES, type StaffRole } from '@prosign/domain';
import { AccessService } from '../src/modules/access/access.service';
import { TEST_ADMIN, asStaff, signIn } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/**
 * Smaller holes an insider could use: parallel delete-password
 * guesses beating SERVICE_DELETE_MAX_ATTEMPTS, and a User Access holder who is
 * no admin changing an administrator.
 */
describe('insider limits: delete-password attempts and administrators', () => {
  const env = createTestEnv(__filename, {
    SERVICE_DELETE_PASSWORD: 'open sesame',
    SERVICE_DELETE_MAX_ATTEMPTS: '3',
  });
  let app: INestApplication;
  let admin: ReturnType<typeof asStaff>;

  async function user(
    email: string,
    roles: StaffRole[],
    flags: Parameters<typeof createAccessFlags>[0],
  ) {
    await app.get(AccessService).ensureUser(email, roles, createAccessFlags(flags));
    return asStaff(app, await signIn(app, email));
  }

  beforeAll(async () => {
    ({ app } = await startApi(env.config));
    admin = asStaff(app, await signIn(app, TEST_ADMIN));
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  describe('delete password', () => {
    it('parallel wrong guesses get no more than SERVICE_DELETE_MAX_ATTEMPTS answers', async () => {
      const guesser = await user('gus@prosign.example', ['csm'], { servicesAccess: true });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          guesser.post('/api/service/verify-password').send({ password: `guess ${i}` }),
        ),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(9);
      for (const res of answers.filter((r) => r.status === 429)) {
        expect(res.body.message).toBe(SERVICE_MESSAGES.tooManyPasswordAttempts);
      }
      // Locked: even the right password is not checked any more in this window.
      await guesser
        .post('/api/service/verify-password')
        .send({ password: 'open sesame' })
        .expect(429);
    });

    it('a right password still verifies, and resets the session count', async () => {
      const staff = await user('vera@prosign.example', ['csm'], { servicesAccess: true });
      await staff.post('/api/service/verify-password').send({ password: 'no' }).expect(200);
      await staff.post('/api/service/verify-password').send({ password: 'no' }).expect(200);
      const ok = await staff
        .post('/api/service/verify-password')
        .send({ password: 'open sesame' })
        .expect(200);
      expect(ok.body).toEqual({ valid: true, message: 'Password verified.' });
      for (let i = 0; i < 3; i += 1) {
        await staff.post('/api/service/verify-password').send({ password: 'no' }).expect(200);
      }
      await staff.post('/api/service/verify-password').send({ password: 'no' }).expect(429);
    });
  });

  describe('a User Access holder who is no administrator', () => {
    const OTHER_ADMIN = 'ada.admin@prosign.example';
    let manager: ReturnType<typeof asStaff>;

    beforeAll(async () => {
      await admin
        .post('/api/access/user')
        .send({ email: 'ada.admin', role: ['admin'] })
        .expect(201);
      await admin
        .post('/api/access/user')
        .send({ email: 'cole.csm', role: ['csm'] })
        .expect(201);
      manager = await user('uma.manager@prosign.example', ['csm'], {
        homeAccess: true,
        userAccessAccess: true,
      });
    });

    async function adminRecord() {
      const res = await admin.get('/api/access/user').expect(200);
      return (res.body.users as Array<Record<string, unknown>>).find(
        (row) => row.email === OTHER_ADMIN,
      );
    }

    it("cannot change an administrator's roles, even keeping admin", async () => {
      const before = await adminRecord();
      for (const role of [['admin', 'csm'], ['admin', 'pm'], ['csm']]) {
        const res = await manager
          .put('/api/access/role')
          .send({ email: OTHER_ADMIN, role })
          .expect(403);
        expect(res.body.message).toMatch(/Only administrators can/);
      }
      expect(await adminRecord()).toEqual(before);
    });

    it('cannot make anyone an administrator, themselves included', async () => {
      for (const email of ['cole.csm', 'uma.manager']) {
        await manager
          .put('/api/access/role')
          .send({ email, role: ['csm', 'admin'] })
          .expect(403);
        expect((await admin.get(`/api/access/is-admin/${email}`)).body.isAdmin).toBe(false);
      }
      await manager
        .post('/api/access/user')
        .send({ email: 'new.boss', role: ['admin'] })
        .expect(403);
    });

    it("cannot toggle an administrator's flags nor delete one", async () => {
      const before = await adminRecord();
      await manager
        .post('/api/access/toggle-access')
        .send({ email: OTHER_ADMIN, accessField: 'homeAccess' })
        .expect(403);
      await manager.delete('/api/access/user').send({ email: OTHER_ADMIN }).expect(403);
      expect(await adminRecord()).toEqual(before);
    });

    it('still manages everyone else; an administrator still manages administrators', async () => {
      await manager
        .put('/api/access/role')
        .send({ email: 'cole.csm', role: ['csm', 'pm'] })
        .expect(200);
      await manager
        .post('/api/access/toggle-access')
        .send({ email: 'cole.csm', accessField: 'sowAccess' })
        .expect(200);
      await admin
        .put('/api/access/role')
        .send({ email: OTHER_ADMIN, role: ['admin', 'csm'] })
        .expect(200);
      await manager.delete('/api/access/user').send({ email: 'cole.csm' }).expect(200);
    });
  });
});
