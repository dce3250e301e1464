import type { INestApplication } from '@nestjs/common';
import { CAPTCHA_PASS_HEADER, STANDARD_TEMPLATE_DOC_IDS } from '@prosign/domain';
import express from 'express';
import request from 'supertest';
import { newDocumentId } from '../src/integrations/documents/store/document-ids';
import { newLinkToken } from '../src/modules/agreements/agreement-links.repository';
import { LINK_TOKEN_FIELDS } from '../src/modules/captcha/captcha-binding';
import { CaptchaPassService } from '../src/modules/captcha/captcha-pass.service';
import { DOCUMENT_READ_GRANT_PARAM } from '../src/modules/documents';
import { generateSelfSignedP12 } from '../src/modules/documents/pdf/pdf-sealer.service';
import type { AppConfig } from '../src/platform/config/app-config';
import { securityHeaders } from '../src/platform/security/security-headers';
import { discoverHttpRoutes } from './support/http-routes';
import { seedBaseData } from './support/seed';
import { SHELL_ORIGIN, staffHttp, TEST_ADMIN } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import { waitFor } from './support/wait-for';

const FRONTENDS = [8080, 8081, 8082, 8083, 8084].map((port) => `http://localhost:${port}`);

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

describe('API security headers', () => {
  const env = createTestEnv(__filename);
  let app: INestApplication;

  beforeAll(async () => {
    ({ app } = await startApi(env.config));
  });

  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  const http = () => request(app.getHttpServer());

  it('sends a CSP that lets exactly the frontends frame the API, nosniff, and no HSTS outside production', async () => {
    for (const res of [
      await http().get('/api/health'),
      await http().get('/api/auth/session'),
      await http().get('/api/no-such-route'),
    ]) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']?.sort()).toEqual([...FRONTENDS].sort());
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends HSTS in production', async () => {
    const production = {
      NODE_ENV: 'production',
      CORS_ORIGINS: ['https://app.firm.com', 'https://sign.firm.com'],
      PUBLIC_SHELL_URL: 'https://app.firm.com',
      PUBLIC_SIGNING_URL: 'https://sign.firm.com',
    } as unknown as AppConfig;
    const server = express()
      .use(securityHeaders(production))
      .get('/', (_req, res) => res.json({}));
    const res = await request(server).get('/').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(directives(res.headers['content-security-policy'])['frame-ancestors']).toEqual([
      'https://app.firm.com',
      'https://sign.firm.com',
    ]);
  });

  it('never lets session, captcha or signer answers be cached', async () => {
    const signInRes = await http()
      .post('/api/auth/local')
      .set('origin', SHELL_ORIGIN)
      .send({ email: 'admin' })
      .expect(200);
    const cookie = (signInRes.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const pass = app
      .get(CaptchaPassService)
      .issue({ linkToken: 'some-link', ip: '127.0.0.1' }).pass;
    for (const res of [
      signInRes,
      await http().get('/api/auth/session').set('cookie', cookie).expect(200),
      await http().get('/api/auth/session').expect(401),
      await http().get('/api/captcha/config').expect(200),
      await http()
        .post('/api/verifyToken')
        .set(CAPTCHA_PASS_HEADER, pass)
        .set('origin', 'http://localhost:8084')
        .send({ token: 'some-link' })
        .expect(404),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves agreement PDFs framable by the frontends, never stored, indexed or named in a referrer', async () => {
    await seedBaseData(env.config);
    const res = await http()
      .get(`/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/preview`)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The docLink is the capability that opens the agreement (signer link headers).
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(directives(res.headers['content-security-policy'])['frame-ancestors']?.sort()).toEqual(
      [...FRONTENDS].sort(),
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});

describe('request logs', () => {
  const env = createTestEnv(__filename, { LOG_LEVEL: 'info' });
  let app: INestApplication;
  const written: string[] = [];

  beforeAll(async () => {
    // pino writes its lines to stdout: keep them.
    jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write);
    ({ app } = await startApi(env.config));
  });

  afterAll(async () => {
    await app?.close();
    jest.restoreAllMocks();
    await env.cleanup();
  });

  it('never carry signing tokens, document links or captcha passes', async () => {
    const http = () => request(app.getHttpServer());
    const token = 'SIGNINGTOKENabcdefghijklmnopqrstuv';
    const docId = 'DOCUMENTIDabcdefghijk';
    const pass = app.get(CaptchaPassService).issue({ linkToken: token, ip: '127.0.0.1' }).pass;
    await http()
      .get(
        `/api/user/user-detail?token=${token}&docLink=${encodeURIComponent(`https://api/d/${docId}/view`)}`,
      )
      .set(CAPTCHA_PASS_HEADER, pass);
    await http().post('/api/verifyToken').set(CAPTCHA_PASS_HEADER, pass).send({ token });
    // A browser that names the signing page in a referrer despite its no-referrer policy.
    const refererToken = 'REFERERTOKENabcdefghijklmnopqrstu';
    await http()
      .get('/api/captcha/config')
      .set('Referer', `https://sign.firm.example/${refererToken}`);
    await http().get(`/api/documents/d/${docId}/view`);
    // A staff route naming a contract by its link token in the path.
    await http().get(`/api/contracts/by-token/${token}`);
    await http().get('/api/mail/deliveries/0123456789abcdef01234567/retry');
    // Tokens of any shape, named by the route's parameter (`:token`, `:customId`), not by their look.
    const plainToken = 'abcdefghijklmnopqrstuvwxyz012345';
    await http().get(`/api/template/download-deposit-pdf/${plainToken}`);
    await http().post(`/api/co/finish/${plainToken}x`).send({ agreedToTerms: true });
    await http().get(`/api/sow/get-contract/${plainToken}y`);
    // pino-http writes a request's line when its response has finished, which can come after
    // the client has read it: wait for the nine lines (a fixed 300 ms was a guess).
    await waitFor(
      async () =>
        written
          .join('')
          .split('\n')
          .filter((line) => line.includes('"req":')),
      (requestLines) => requestLines.length >= 9,
      { timeoutMs: 15_000, intervalMs: 25 },
    );

    const lines = written.join('').split('\n').filter(Boolean);
    const requestLines = lines.filter((line) => line.includes('"req":'));
    expect(requestLines.length).toBeGreaterThanOrEqual(9);
    const logs = lines.join('\n');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(refererToken);
    expect(logs).not.toContain(docId);
    expect(logs).not.toContain(pass);
    expect(logs).toContain('/api/user/user-detail?token=[redacted]&docLink=[redacted]');
    expect(logs).toContain('/api/documents/d/[redacted]/view');
    expect(logs).toContain('/api/contracts/by-token/[redacted]');
    expect(logs).not.toContain(plainToken);
    expect(logs).toContain('/api/template/download-deposit-pdf/[redacted]');
    expect(logs).toContain('/api/co/finish/[redacted]');
    expect(logs).toContain('/api/sow/get-contract/[redacted]');
    // Hex ids are no keys: they stay readable.
    expect(logs).toContain('/api/mail/deliveries/0123456789abcdef01234567/retry');
  });
});

/**
 * Query parameters read outside the handlers' DTOs: the cc link's read grant (`?access=`), the
 * link tokens the captcha binding and the e-mail code guard read, and the signing page's docLink.
 */
const READ_OUTSIDE_DTOS = [DOCUMENT_READ_GRANT_PARAM, ...LINK_TOKEN_FIELDS, 'docLink', 'linkToken'];

/** The configuration as production runs it (keys it requires given; adapters left local). */
function inProduction(config: AppConfig): AppConfig {
  const seal = generateSelfSignedP12('ProSign Request Log Seal (test)');
  return Object.assign(
    Object.create(Object.getPrototypeOf(config) as object) as AppConfig,
    config,
    {
      NODE_ENV: 'production',
      BOOTSTRAP_ADMIN_EMAILS: [TEST_ADMIN],
      CAPTCHA_PASS_SECRET: 'request-log-test-secret-of-32-characters',
      SEAL_P12_BASE64: seal.p12Base64,
      SEAL_P12_PASSPHRASE: seal.passphrase,
    },
  );
}

describe.each(['development', 'production'] as const)(
  'request logs in %s keep a query value only when it is known to be harmless',
  (mode) => {
    // debug: development then writes every request's line too (at info it keeps only failures).
    const env = createTestEnv(__filename, { NODE_ENV: 'development', LOG_LEVEL: 'debug' });
    let app: INestApplication;
    const written: string[] = [];
    const logs = () => written.join('');

    beforeAll(async () => {
      for (const stream of [process.stdout, process.stderr]) {
        jest.spyOn(stream, 'write').mockImplementation(((chunk: unknown) => {
          written.push(String(chunk));
          return true;
        }) as typeof stream.write);
      }
      await seedBaseData(env.config);
      ({ app } = await startApi(mode === 'production' ? inProduction(env.config) : env.config));
    });

    afterAll(async () => {
      await app?.close();
      jest.restoreAllMocks();
      await env.cleanup();
    });

    it('every route, called with each query parameter it reads set to a secret, logs none of them', async () => {
      const http = await staffHttp(app);
      const routes = discoverHttpRoutes(app).filter(
        // Sign-out would end the session the other calls use.
        (route) => route.key !== 'POST /api/auth/logout',
      );
      expect(routes.length).toBeGreaterThan(50);
      expect(routes.find((route) => route.key === 'GET /api/user/details')?.query).toEqual(
        expect.arrayContaining(['page', 'limit', 'search', 'filters']),
      );
      const secrets = new Map<string, string>();
      for (const route of routes) {
        const path = route.path
          .replace(':mode', 'view')
          .replace(/:[A-Za-z]*[iI]d\b/g, '0123456789abcdef01234567')
          .replace(/:[A-Za-z]+/g, 'probe');
        const verb = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        // A route's calls at once (one a parameter), the routes one after another.
        const calls = [...new Set([...route.query, ...READ_OUTSIDE_DTOS])].map((name) => {
          // Shaped as the product's keys: a signing token (32 characters) or a document id (22).
          const secret = secrets.size % 2 ? newLinkToken() : newDocumentId();
          secrets.set(secret, `${route.key} ?${name}=`);
          return http()[verb](`${path}?${name}=${encodeURIComponent(secret)}`);
        });
        await Promise.all(calls);
      }
      // A secret typed into a harmless parameter is no harmless value.
      const pasted = newLinkToken();
      secrets.set(pasted, 'GET /api/user/details ?search= (a pasted link)');
      await http().get(`/api/user/details?search=${encodeURIComponent(`https://sign/${pasted}`)}`);
      // Known harmless values stay: the log still says which page of which list was asked for.
      await http().get('/api/user/details?page=2&limit=10&search=Oak+Knoll&filters=viewed,signed');
      // Lines are written as responses finish, in order: the last request's line comes last.
      await http().get('/api/user/details?page=987654');
      await waitFor(
        async () => logs(),
        (text) => text.includes('page=987654'),
        {
          timeoutMs: 20_000,
          intervalMs: 50,
        },
      );

      const text = logs();
      // The mode's own lines: readable in development, JSON in production.
      expect(text).toContain(
        mode === 'development' ? 'GET /api/user/details?page=987654 → ' : '"req":',
      );
      const leaked = [...secrets].filter(([secret]) => text.includes(secret)).map(([, at]) => at);
      expect(leaked).toEqual([]);
      expect(text).toContain(
        `/api/documents/d/[redacted]/view?${DOCUMENT_READ_GRANT_PARAM}=[redacted]`,
      );
      expect(text).toContain('/api/user/details?search=[redacted]');
      expect(text).toContain(
        '/api/user/details?page=2&limit=10&search=Oak+Knoll&filters=viewed,signed',
      );
    });
  },
);
