import type { INestApplication } from '@nestjs/common';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { REDIS_CLIENT } from '../src/platform/redis/redis.constants';
import {
  SHELL_ORIGIN,
  TEST_ADMIN,
  asStaff,
  sessionCookieFrom,
  signIn,
} from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const DENIED = 'Access to the tool denied. Contact your administrator.';
const EXPIRED = 'Your session has expired. Please log in again.';

describe('staff sign-in and sessions (local identity adapter)', () => {
  const env = createTestEnv(__filename);
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await startApi(env.config));
  });

  afterAll(async () => {
    await app.close();
    await env.cleanup();
  });

  it('tells the login page which sign-in to offer and the domain it appends', async () => {
    const res = await http().get('/api/auth/options').expect(200);
    expect(res.body).toEqual({ identity: 'local', companyEmailDomain: 'prosign.example' });
  });

  it('signs a listed user in with an httpOnly, SameSite=Lax session cookie valid 12 hours', async () => {
    const before = Date.now();
    const res = await http()
      .post('/api/auth/local')
      .set('origin', SHELL_ORIGIN)
      .send({ email: 'admin' })
      .expect(200);

    expect(res.body).toEqual({
      email: TEST_ADMIN,
      roles: ['admin'],
      isAdmin: true,
      access: expect.objectContaining({ homeAccess: true, userAccessAccess: true }),
      // Nothing names them countersigner here: no "Waiting for my signature".
      countersigner: false,
      expiresAt: expect.any(String),
    });
    const expiresAt = Date.parse(res.body.expiresAt as string);
    expect(expiresAt - before).toBeGreaterThanOrEqual(12 * 3600_000 - 1000);
    expect(expiresAt - before).toBeLessThanOrEqual(12 * 3600_000 + 5000);

    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('prosign_sid='),
    );
    expect(cookie).toMatch(/^prosign_sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // only in production

    const session = await asStaff(app, sessionCookieFrom(res.headers['set-cookie'])).get(
      '/api/auth/session',
    );
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ email: TEST_ADMIN, isAdmin: true });
    expect(session.body.expiresAt).toBe(res.body.expiresAt);
  });

  it('refuses an unlisted user with the spec message and no cookie', async () => {
    const res = await http()
      .post('/api/auth/local')
      .set('origin', SHELL_ORIGIN)
      .send({ email: 'stranger' })
      .expect(403);
    expect(res.body).toEqual({ statusCode: 403, message: DENIED, error: 'Forbidden' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a missing or foreign address with 400', async () => {
    const missing = await http().post('/api/auth/local').send({}).expect(400);
    expect(missing.body.message).toContain('Email is required.');
    const foreign = await http()
      .post('/api/auth/local')
      .send({ email: 'admin@gmail.com' })
      .expect(400);
    expect(foreign.body.message).toBe(
      'Only @prosign.example addresses can be used. Type just the user name.',
    );
  });

  it('answers /api/auth/session with 401 without a cookie, and with a forged one', async () => {
    const none = await http().get('/api/auth/session').expect(401);
    expect(none.body).toEqual({
      statusCode: 401,
      message: 'Sign in to continue.',
      error: 'Unauthorized',
    });
    const forged = await http()
      .get('/api/auth/session')
      .set('cookie', `prosign_sid=${'A'.repeat(43)}`)
      .expect(401);
    expect(forged.body.message).toBe(EXPIRED);
  });

  it('treats a session past its absolute expiry as expired even if Redis still holds it', async () => {
    const cookie = await signIn(app, TEST_ADMIN);
    const id = cookie.split('=')[1];
    const redis = app.get<Redis>(REDIS_CLIENT);
    const key = `${env.prefix}:session:${id}`;
    const record = JSON.parse((await redis.get(key)) ?? '{}') as Record<string, string>;
    await redis.set(
      key,
      JSON.stringify({ ...record, expiresAt: new Date(Date.now() - 1000).toISOString() }),
      'EX',
      60,
    );

    const res = await asStaff(app, cookie).get('/api/access/user').expect(401);
    expect(res.body.message).toBe(EXPIRED);
    expect(await redis.exists(key)).toBe(0);
  });

  it('keeps the expiry fixed: using a session does not extend it', async () => {
    const cookie = await signIn(app, TEST_ADMIN);
    const first = await asStaff(app, cookie).get('/api/auth/session').expect(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await asStaff(app, cookie).get('/api/auth/session').expect(200);
    expect(second.body.expiresAt).toBe(first.body.expiresAt);
  });

  it('signs out: the session ends on the server and the cookie is cleared', async () => {
    const cookie = await signIn(app, TEST_ADMIN);
    const res = await asStaff(app, cookie).post('/api/auth/logout').expect(200);
    expect(res.body).toEqual({ success: true });
    expect(String(res.headers['set-cookie'])).toMatch(/prosign_sid=;.*Expires=Thu, 01 Jan 1970/);
    await asStaff(app, cookie).get('/api/auth/session').expect(401);
  });

  it('checks a typed user name without revealing anything else', async () => {
    const listed = await http()
      .post('/api/auth/check-user')
      .set('origin', SHELL_ORIGIN)
      .send({ email: 'admin' })
      .expect(200);
    expect(listed.body).toEqual({ listed: true });
    const unknown = await http()
      .post('/api/auth/check-user')
      .send({ email: 'nobody@prosign.example' })
      .expect(200);
    expect(unknown.body).toEqual({ listed: false });
    const foreign = await http().post('/api/auth/check-user').send({ email: 'x@evil.com' });
    expect(foreign.body).toEqual({ listed: false });
  });

  it('refuses a state-changing request from another site with 403, changing nothing', async () => {
    const cookie = await signIn(app, TEST_ADMIN);
    const res = await request(app.getHttpServer())
      .post('/api/access/user')
      .set('cookie', cookie)
      .set('origin', 'https://evil.example')
      .send({ email: 'planted', role: 'admin' })
      .expect(403);
    expect(res.body).toEqual({
      statusCode: 403,
      message: 'Request refused: it comes from a site that is not allowed to change data here.',
      error: 'Forbidden',
    });
    const viaReferer = await request(app.getHttpServer())
      .delete('/api/access/user')
      .set('cookie', cookie)
      .set('referer', 'https://evil.example/page')
      .send({ email: 'admin' });
    expect(viaReferer.status).toBe(403);
    const users = await asStaff(app, cookie).get('/api/access/user').expect(200);
    expect((users.body.users as Array<{ email: string }>).map((u) => u.email)).toEqual([
      TEST_ADMIN,
    ]);
  });

  it('does not offer the Google routes while the local adapter runs', async () => {
    await http().get('/api/auth/google').expect(404);
  });

  it('rate-limits the user-name check', async () => {
    let last = 200;
    for (let attempt = 0; attempt < 31 && last !== 429; attempt += 1) {
      last = (await http().post('/api/auth/check-user').send({ email: 'probe' })).status;
    }
    expect(last).toBe(429);
  });
});
