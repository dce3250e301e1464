import { Controller, Get, type ExecutionContext, type INestApplication } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { CAPTCHA_PASS_HEADER } from '@prosign/domain';
import request from 'supertest';
import { CaptchaPassGuard, RequireCaptchaPass } from '../src/modules/captcha/captcha-pass.guard';
import { CaptchaPassService } from '../src/modules/captcha/captcha-pass.service';
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

/** The HTTP context of a request carrying these headers, as Nest hands it to guards. */
function contextWith(headers: Record<string, string>): ExecutionContext {
  return {
    switchToHttp: () => ({ getRequest: () => ({ headers }) }),
  } as unknown as ExecutionContext;
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
      .send({ response: config.body.challenge })
      .expect(200);
    expect(verified.body).toEqual({ pass: expect.any(String), expiresAt: expect.any(String) });
    const ttl = Date.parse(verified.body.expiresAt) - before;
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(61_000);

    const passes = app.get(CaptchaPassService);
    expect(passes.isValid(verified.body.pass)).toBe(true);
    expect(passes.isValid(verified.body.pass, Date.now() + 61_000)).toBe(false);
  });

  it('refuses a forged or tampered challenge, and a pass used as a challenge', async () => {
    const { body } = await http().get('/api/captcha/config').expect(200);
    const [payload, signature] = (body.challenge as string).split('.');
    const tampered = `${Buffer.from('{"iat":1}').toString('base64url')}.${signature}`;
    for (const response of ['checked', tampered, `${payload}.AAAA`]) {
      const res = await http().post('/api/captcha/verify').send({ response }).expect(403);
      expect(res.body.message).toBe('Captcha verification failed. Please try again.');
    }
    const { pass } = app.get(CaptchaPassService).issue();
    await http().post('/api/captcha/verify').send({ response: pass }).expect(403);
    await http().post('/api/captcha/verify').send({}).expect(400);
  });

  it('lets the pass guard through only with a valid pass header', () => {
    expect(Reflect.getMetadata(GUARDS_METADATA, SignerProbeController)).toEqual([CaptchaPassGuard]);
    const passes = app.get(CaptchaPassService);
    const guard = new CaptchaPassGuard(passes);
    const { pass } = passes.issue();
    const header = CAPTCHA_PASS_HEADER.toLowerCase();

    expect(guard.canActivate(contextWith({ [header]: pass }))).toBe(true);
    for (const headers of [{}, { [header]: `${pass}x` }, { [header]: 'nonsense' }]) {
      expect(() => guard.canActivate(contextWith(headers))).toThrow(
        'Please confirm you are not a robot first (missing or expired captcha pass)',
      );
    }
    expect(new SignerProbeController().ok()).toEqual({ ok: true });
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
      .send({ response: 'token-from-widget' })
      .expect(200);
    expect(app.get(CaptchaPassService).isValid(res.body.pass)).toBe(true);
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
    await http().post('/api/captcha/verify').send({ response: 'bad' }).expect(403);
    const misconfigured = await http()
      .post('/api/captcha/verify')
      .send({ response: 'any' })
      .expect(502);
    expect(misconfigured.body.message).toBe('The captcha service refused our configuration');
  });
});
