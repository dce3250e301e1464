import { Controller, Get, type ExecutionContext, type INestApplication } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { CAPTCHA_PASS_HEADER } from '@prosign/domain';
import request from 'supertest';
import { CaptchaPassGuard, RequireCaptchaPass } from '../src/modules/captcha/captcha-pass.guard';
import { CaptchaPassService } from '../src/modules/captcha/captcha-pass.service';
import { loadConfig } from '../src/platform/config/load-config';
import { HttpStandIn } from './support/http-stand-in';
import { startApi } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';

/** What a later signer endpoint looks like: it only answers with a valid pass. */
@Controller('signer-probe')
@RequireCaptchaPass()
class SignerProbeController {
  @Get()
  ok() {
    return { ok: true };
  }
}

/** The HTTP context of a request, as Nest hands it to guards (loopback client, JSON body). */
function contextWith(
  headers: Record<string, string>,
  request: { body?: unknown; query?: unknown; params?: unknown; ip?: string } = {},
): ExecutionContext {
  const req = { headers, ip: '127.0.0.1', body: {}, query: {}, params: {}, ...request };
  return {
    switchToHttp: () => ({ getRequest: () => req }),
    getHandler: () => contextWith,
  } as unknown as ExecutionContext;
}

/** A pass as the page gets it: config, tick, verify for the link it shows. */
async function passFor(
  http: () => request.Agent | ReturnType<typeof request>,
  linkToken: string,
  forwardedFor?: string,
): Promise<string> {
  const withAddress = <T extends request.Test>(test: T): T =>
    (forwardedFor ? test.set('x-forwarded-for', forwardedFor) : test) as T;
  const config = await withAddress(http().get('/api/captcha/config')).expect(200);
  const verified = await withAddress(http().post('/api/captcha/verify'))
    .send({ response: config.body.challenge, linkToken })
    .expect(200);
  return verified.body.pass as string;
}

describe('captcha: local checkbox', () => {
  const env = createTestEnv(__filename, { CAPTCHA_PASS_TTL_SECONDS: '60' });
  let app: INestApplication;

  beforeAll(async () => {
    ({ app } = await startApi(env.config));
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  const http = () => request(app.getHttpServer());

  it('hands out a signed challenge and trades it for a pass that expires', async () => {
    const config = await http().get('/api/captcha/config').expect(200);
    expect(config.body).toEqual({
      adapter: 'local',
      challenge: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
    });

    const before = Date.now();
    const verified = await http()
      .post('/api/captcha/verify')
      .send({ response: config.body.challenge, linkToken: 'link-1' })
      .expect(200);
    expect(verified.body).toEqual({ pass: expect.any(String), expiresAt: expect.any(String) });
    const ttl = Date.parse(verified.body.expiresAt) - before;
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(61_000);

    const passes = app.get(CaptchaPassService);
    const guarded = contextWith(
      { [CAPTCHA_PASS_HEADER.toLowerCase()]: verified.body.pass },
      { body: { token: 'link-1' } },
    );
    const req = guarded.switchToHttp().getRequest<Parameters<typeof passes.assertRequest>[0]>();
    expect(() => passes.assertRequest(req)).not.toThrow();
    expect(() => passes.assertRequest(req, Date.now() + 61_000)).toThrow(/not a robot/);
  });

  it('takes each challenge once: a replayed answer gets no second pass', async () => {
    const { body } = await http().get('/api/captcha/config').expect(200);
    await http()
      .post('/api/captcha/verify')
      .send({ response: body.challenge, linkToken: 'link-1' })
      .expect(200);
    for (const linkToken of ['link-1', 'link-2']) {
      const replay = await http()
        .post('/api/captcha/verify')
        .send({ response: body.challenge, linkToken })
        .expect(403);
      expect(replay.body.message).toMatch(/already used/);
    }
  });

  it('issues a pass only for a named link', async () => {
    const { body } = await http().get('/api/captcha/config').expect(200);
    const res = await http()
      .post('/api/captcha/verify')
      .send({ response: body.challenge })
      .expect(400);
    expect(res.body.message).toEqual(expect.arrayContaining(['linkToken is required']));
  });

  it('refuses a forged or tampered challenge, and a pass used as a challenge', async () => {
    const { body } = await http().get('/api/captcha/config').expect(200);
    const [payload, signature] = (body.challenge as string).split('.');
    const tampered = `${Buffer.from('{"iat":1}').toString('base64url')}.${signature}`;
    for (const response of ['checked', tampered, `${payload}.AAAA`]) {
      const res = await http()
        .post('/api/captcha/verify')
        .send({ response, linkToken: 'link-1' })
        .expect(403);
      expect(res.body.message).toBe('Captcha verification failed. Please try again.');
    }
    const { pass } = app.get(CaptchaPassService).issue({ linkToken: 'link-1', ip: '127.0.0.1' });
    await http()
      .post('/api/captcha/verify')
      .send({ response: pass, linkToken: 'link-1' })
      .expect(403);
    await http().post('/api/captcha/verify').send({}).expect(400);
  });

  it('lets the pass guard through only with a valid pass header', () => {
    expect(Reflect.getMetadata(GUARDS_METADATA, SignerProbeController)).toEqual([CaptchaPassGuard]);
    const passes = app.get(CaptchaPassService);
    const guard = app.get(CaptchaPassGuard);
    const { pass } = passes.issue({ linkToken: 'link-1', ip: '127.0.0.1' });
    const header = CAPTCHA_PASS_HEADER.toLowerCase();
    const request = { body: { token: 'link-1' } };

    expect(guard.canActivate(contextWith({ [header]: pass }, request))).toBe(true);
    for (const headers of [{}, { [header]: `${pass}x` }, { [header]: 'nonsense' }]) {
      expect(() => guard.canActivate(contextWith(headers, request))).toThrow(
        'Please confirm you are not a robot first (missing or expired captcha pass)',
      );
    }
    expect(new SignerProbeController().ok()).toEqual({ ok: true });
  });

  it('finds the link token in the body, the query or a route parameter, and wants one', () => {
    const passes = app.get(CaptchaPassService);
    const guard = app.get(CaptchaPassGuard);
    const { pass } = passes.issue({ linkToken: 'link-1', ip: '127.0.0.1' });
    const headers = { [CAPTCHA_PASS_HEADER.toLowerCase()]: pass };
    const allowed = [
      { body: { token: 'link-1' } },
      { query: { token: 'link-1' } },
      { params: { customId: 'link-1' } },
      { params: { id: 'link-1' }, body: { customId: 'link-1' } },
      // IPv4 through a dual-stack socket is the same address.
      { body: { token: 'link-1' }, ip: '::ffff:127.0.0.1' },
    ];
    for (const request of allowed) {
      expect(guard.canActivate(contextWith(headers, request))).toBe(true);
    }
    const refused: [object, RegExp][] = [
      [{}, /names no signing link/],
      [{ body: { token: 'link-2' } }, /another link/],
      [{ query: { token: ['link-1', 'link-2'] } }, /another link/],
      [{ params: { customId: 'link-1' }, body: { token: 'link-2' } }, /another link/],
      [{ body: { token: { $ne: 'x' } } }, /another link/],
      [{ body: { token: 'link-1' }, ip: '10.1.2.3' }, /another network address/],
    ];
    for (const [request, message] of refused) {
      expect(() => guard.canActivate(contextWith(headers, request))).toThrow(message);
    }
  });
});

describe('captcha: reCAPTCHA v2', () => {
  const google = new HttpStandIn();
  let env: TestEnv;
  let app: INestApplication;

  beforeAll(async () => {
    await google.start();
    env = createTestEnv(__filename, {
      CAPTCHA_ADAPTER: 'recaptcha',
      RECAPTCHA_SECRET: 'server-secret',
      RECAPTCHA_SITE_KEY: 'site-key-123',
      RECAPTCHA_VERIFY_URL: `${google.url}/recaptcha/api/siteverify`,
      CAPTCHA_PASS_SECRET: 'x'.repeat(40),
    });
    ({ app } = await startApi(env.config));
  });

  afterEach(() => {
    google.verify();
    google.reset();
  });

  afterAll(async () => {
    await app?.close();
    await google.stop();
    await env?.cleanup();
  });

  const http = () => request(app.getHttpServer());

  it('gives the widget its site key and reports recaptcha in health', async () => {
    expect((await http().get('/api/captcha/config').expect(200)).body).toEqual({
      adapter: 'recaptcha',
      siteKey: 'site-key-123',
    });
    expect((await http().get('/api/health').expect(200)).body.adapters.captcha).toBe('recaptcha');
  });

  it('verifies the response with siteverify (secret, response, remote ip) and issues a pass', async () => {
    google.expect({
      method: 'POST',
      path: '/recaptcha/api/siteverify',
      body: { secret: 'server-secret', response: 'token-from-widget', remoteip: '127.0.0.1' },
      reply: { success: true, challenge_ts: '2025-01-01T00:00:00Z', hostname: 'localhost' },
    });
    const res = await http()
      .post('/api/captcha/verify')
      .send({ response: 'token-from-widget', linkToken: 'link-1' })
      .expect(200);
    expect(res.body).toEqual({ pass: expect.any(String), expiresAt: expect.any(String) });

    // The same widget response is not sent to Google twice, nor traded for a second pass.
    const replay = await http()
      .post('/api/captcha/verify')
      .send({ response: 'token-from-widget', linkToken: 'link-1' })
      .expect(403);
    expect(replay.body.message).toMatch(/already used/);
  });

  it('refuses a response Google rejects, and says so when our secret is wrong', async () => {
    google.expect(
      {
        method: 'POST',
        path: '/recaptcha/api/siteverify',
        reply: { success: false, 'error-codes': ['invalid-input-response'] },
      },
      {
        method: 'POST',
        path: '/recaptcha/api/siteverify',
        reply: { success: false, 'error-codes': ['invalid-input-secret'] },
      },
    );
    await http().post('/api/captcha/verify').send({ response: 'bad', linkToken: 'l' }).expect(403);
    const misconfigured = await http()
      .post('/api/captcha/verify')
      .send({ response: 'any', linkToken: 'l' })
      .expect(502);
    expect(misconfigured.body.message).toBe('The captcha service refused our configuration');
  });
});

describe('captcha passes on the signer routes', () => {
  // Behind one proxy: X-Forwarded-For is the client address, so each test can be its own client.
  const env = createTestEnv(__filename, { TRUST_PROXY_HOPS: '1' });
  let app: INestApplication;

  beforeAll(async () => {
    ({ app } = await startApi(env.config));
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  const http = () => request(app.getHttpServer());
  const SIGNER = '203.0.113.5';
  const signer = (test: request.Test, pass: string, from = SIGNER) =>
    test
      .set('x-forwarded-for', from)
      .set(CAPTCHA_PASS_HEADER, pass)
      .set('origin', 'http://localhost:8084');

  // An unknown link answers 404 once the pass is accepted, 403 while it is refused.
  it('opens only the link the pass was issued for (body, query and multipart token)', async () => {
    const pass = await passFor(http, 'link-a', SIGNER);

    await signer(http().post('/api/verifyToken'), pass).send({ token: 'link-a' }).expect(404);
    await signer(http().get('/api/user/user-detail?token=link-a'), pass).expect(404);
    await signer(http().post('/api/template/upload-image'), pass)
      .field('token', 'link-a')
      .attach('image', Buffer.from('x'), 'signature.png')
      .expect((res) => expect(res.status).not.toBe(403));

    const other = await signer(http().post('/api/verifyToken'), pass)
      .send({ token: 'link-b' })
      .expect(403);
    expect(other.body.message).toMatch(/another link/);
    await signer(http().get('/api/user/user-detail?token=link-b'), pass).expect(403);
    await signer(http().post('/api/signing/finish'), pass).send({ token: 'link-b' }).expect(403);
    await signer(http().post('/api/template/merge-docs'), pass)
      .send({ doc1: 'a', doc2: 'b', token: 'link-b' })
      .expect(403);
    const image = await signer(http().post('/api/template/upload-image'), pass)
      .field('token', 'link-b')
      .attach('image', Buffer.from('x'), 'signature.png')
      .expect(403);
    expect(image.body.message).toMatch(/another link/);

    // A multipart body where no upload compares its token is refused, never read unchecked.
    const unchecked = await signer(http().post('/api/verifyToken'), pass)
      .field('token', 'link-a')
      .expect(403);
    expect(unchecked.body.message).toMatch(/names no signing link/);
  });

  it('is refused from another client address', async () => {
    const pass = await passFor(http, 'link-a', SIGNER);
    const res = await signer(http().post('/api/verifyToken'), pass, '198.51.100.7')
      .send({ token: 'link-a' })
      .expect(403);
    expect(res.body.message).toMatch(/another network address/);
  });
});

describe('captcha and Google sign-in start are rate-limited per address', () => {
  const LIMIT = 4;
  const env = createTestEnv(__filename, {
    TRUST_PROXY_HOPS: '1',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    IDENTITY_ADAPTER: 'google',
    GOOGLE_CLIENT_ID: 'client-123',
    GOOGLE_CLIENT_SECRET: 'secret-456',
    GOOGLE_CALLBACK_URL: 'http://127.0.0.1/api/auth/google/callback',
  });
  let app: INestApplication;

  beforeAll(async () => {
    ({ app } = await startApi(env.config));
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  const http = () => request(app.getHttpServer());

  it.each([
    ['GET /api/captcha/config', () => http().get('/api/captcha/config'), '192.0.2.1'],
    [
      'POST /api/captcha/verify',
      () => http().post('/api/captcha/verify').send({ response: 'x', linkToken: 'l' }),
      '192.0.2.2',
    ],
    ['GET /api/auth/google', () => http().get('/api/auth/google'), '192.0.2.3'],
  ])('%s answers 429 past the limit', async (_name, call, address) => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) {
      statuses.push((await call().set('x-forwarded-for', address)).status);
    }
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await call().set('x-forwarded-for', '192.0.2.99')).status).not.toBe(429);
  });
});

describe('captcha configuration', () => {
  /** The problems loadConfig names for this environment ('' when none). */
  const problemsOf = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };
  const production = {
    NODE_ENV: 'production',
    MONGODB_URI: 'mongodb://db/prosign',
    REDIS_URL: 'redis://cache:6379',
  };

  it('refuses the local checkbox in production, by default too', () => {
    const refused = /CAPTCHA_ADAPTER=local is refused when NODE_ENV=production/;
    expect(problemsOf({ ...production, CAPTCHA_ADAPTER: 'local' })).toMatch(refused);
    expect(problemsOf(production)).toMatch(refused);
    expect(
      problemsOf({
        ...production,
        CAPTCHA_ADAPTER: 'recaptcha',
        RECAPTCHA_SECRET: 's',
        RECAPTCHA_SITE_KEY: 'k',
      }),
    ).not.toMatch(/CAPTCHA_ADAPTER/);
    expect(
      problemsOf({
        MONGODB_URI: 'mongodb://db/p',
        REDIS_URL: 'redis://c',
        CAPTCHA_ADAPTER: 'local',
      }),
    ).toBe('');
  });
});
