import type { INestApplication } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SHELL_ORIGIN, TEST_ADMIN, sessionCookieFrom } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/**
 * The Google identity adapter against a local stand-in for Google's OAuth
 * endpoints (no live network in tests): it checks the requests the adapter
 * makes and answers like Google does.
 */
describe('staff sign-in with the Google identity adapter', () => {
  let google: Server;
  let googleUrl: string;
  let userInfo: Record<string, unknown>;
  const tokenRequests: URLSearchParams[] = [];

  const env = createTestEnv(__filename, {
    IDENTITY_ADAPTER: 'google',
    GOOGLE_CLIENT_ID: 'client-123',
    GOOGLE_CLIENT_SECRET: 'secret-456',
    GOOGLE_CALLBACK_URL: 'http://127.0.0.1/api/auth/google/callback',
    PUBLIC_SHELL_URL: 'http://shell.test',
  });
  let app: INestApplication;

  beforeAll(async () => {
    google = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/token') {
          tokenRequests.push(new URLSearchParams(body));
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ access_token: 'access-1', token_type: 'Bearer', expires_in: 3600 }),
          );
        } else if (
          req.url?.split('?')[0] === '/userinfo' &&
          // Google takes the token as a bearer header or an access_token parameter.
          (req.headers.authorization === 'Bearer access-1' ||
            new URL(req.url, googleUrl).searchParams.get('access_token') === 'access-1')
        ) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(userInfo));
        } else {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'invalid_request' }));
        }
      });
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
    ({ app } = await startApi(env.config, {
      googleEndpoints: {
        authorizationURL: `${googleUrl}/authorize`,
        tokenURL: `${googleUrl}/token`,
        userProfileURL: `${googleUrl}/userinfo`,
      },
    }));
  });

  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => google.close(resolve));
    await env.cleanup();
  });

  const http = () => request(app.getHttpServer());

  async function startSignIn(query: string) {
    const res = await http().get(`/api/auth/google?${query}`).expect(302);
    const location = new URL(res.headers.location as string);
    const stateCookie = (res.headers['set-cookie'] as unknown as string[])
      .find((cookie) => cookie.startsWith('prosign_oauth_state='))
      ?.split(';')[0];
    return { location, stateCookie: stateCookie ?? '' };
  }

  it('sends the browser to Google for the company domain, hinting the typed address', async () => {
    const { location, stateCookie } = await startSignIn(
      `email=${encodeURIComponent(TEST_ADMIN)}&returnTo=/dashboard`,
    );
    expect(`${location.origin}${location.pathname}`).toBe(`${googleUrl}/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'client-123',
      redirect_uri: 'http://127.0.0.1/api/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
      hd: 'prosign.example',
      login_hint: TEST_ADMIN,
      prompt: 'select_account',
    });
    expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(stateCookie).toBe(`prosign_oauth_state=${location.searchParams.get('state')}`);
  });

  it('gives a listed, verified Google account a session and returns to the remembered page', async () => {
    userInfo = { sub: '1', email: TEST_ADMIN, email_verified: true, name: 'Admin' };
    const { location, stateCookie } = await startSignIn('returnTo=/dashboard');
    const state = location.searchParams.get('state') ?? '';

    const res = await http()
      .get(`/api/auth/google/callback?code=code-1&state=${state}`)
      .set('cookie', stateCookie)
      .expect(302);
    expect(res.headers.location).toBe('http://shell.test/dashboard');
    expect(tokenRequests.at(-1)?.get('code')).toBe('code-1');
    expect(tokenRequests.at(-1)?.get('client_secret')).toBe('secret-456');

    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    const session = await http().get('/api/auth/session').set('cookie', cookie).expect(200);
    expect(session.body).toMatchObject({ email: TEST_ADMIN, isAdmin: true });

    // The state is single-use: replaying the callback does not sign in again.
    const replay = await http()
      .get(`/api/auth/google/callback?code=code-1&state=${state}`)
      .set('cookie', stateCookie)
      .expect(302);
    expect(replay.headers.location).toBe('http://shell.test/portal?signin=failed');
  });

  it('refuses a Google account that is not a listed user', async () => {
    userInfo = { sub: '2', email: 'stranger@prosign.example', email_verified: true };
    const { location, stateCookie } = await startSignIn('returnTo=/');
    const res = await http()
      .get(`/api/auth/google/callback?code=c&state=${location.searchParams.get('state')}`)
      .set('cookie', stateCookie)
      .expect(302);
    expect(res.headers.location).toBe('http://shell.test/portal?signin=denied');
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('prosign_sid=');
  });

  it('refuses an unverified address', async () => {
    userInfo = { sub: '3', email: TEST_ADMIN, email_verified: false };
    const { location, stateCookie } = await startSignIn('returnTo=/');
    const res = await http()
      .get(`/api/auth/google/callback?code=c&state=${location.searchParams.get('state')}`)
      .set('cookie', stateCookie)
      .expect(302);
    expect(res.headers.location).toBe('http://shell.test/portal?signin=failed');
  });

  it('refuses a callback whose state is not this browser’s (login CSRF)', async () => {
    const { location } = await startSignIn('returnTo=/');
    const res = await http()
      .get(`/api/auth/google/callback?code=c&state=${location.searchParams.get('state')}`)
      .set('cookie', 'prosign_oauth_state=someone-else')
      .expect(302);
    expect(res.headers.location).toBe('http://shell.test/portal?signin=failed');
  });

  it('never redirects to another site after sign-in', async () => {
    userInfo = { sub: '1', email: TEST_ADMIN, email_verified: true };
    const { location, stateCookie } = await startSignIn(
      `returnTo=${encodeURIComponent('//evil.example/x')}`,
    );
    const res = await http()
      .get(`/api/auth/google/callback?code=c&state=${location.searchParams.get('state')}`)
      .set('cookie', stateCookie)
      .expect(302);
    expect(res.headers.location).toBe('http://shell.test/');
  });

  it('offers no local sign-in while Google sign-in is on', async () => {
    await http()
      .post('/api/auth/local')
      .set('origin', SHELL_ORIGIN)
      .send({ email: 'admin' })
      .expect(404);
    const options = await http().get('/api/auth/options').expect(200);
    expect(options.body.identity).toBe('google');
  });
});
