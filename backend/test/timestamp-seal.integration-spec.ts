import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { AsnConvert } from '@peculiar/asn1-schema';
import type { FinishSigningResponse } from '@prosign/domain';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import request from 'supertest';
import {
  LOCAL_TSA_POLICY,
  LocalPki,
  TimestampUnavailableError,
  type TimestampPort,
} from '../src/integrations/timestamp';
import { timestampPortFor } from '../src/integrations/timestamp/timestamp.module';
import { TimeStampResp } from '../src/integrations/timestamp/tsp.asn1';
import { TIMESTAMP_WAITING_MESSAGE } from '../src/modules/documents/pdf/pdf-sealer.service';
import { SigningFinishService } from '../src/modules/signing/signing-finish.service';
import type { AppConfig } from '../src/platform/config/app-config';
import { agreementModel } from './support/agreements';
import { checkPdfSeal } from './support/pdf-signature';
import {
  ID_CT_TST_INFO,
  opensslQuery,
  opensslVerifyToken,
  pdfsig,
  sealTimestampOf,
} from './support/pdf-timestamp';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sealedFinish,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp, TEST_ADMIN, type StaffHttp } from './support/staff-session';
import { pdfText } from './support/pdf-text';
import { startApi, startWorker } from './support/test-apps';
import { DownPort } from './support/down-port';
import { createTestEnv, type TestEnv } from './support/test-env';

const SHA256 = '2.16.840.1.101.3.4.2.1';

/** Reads a binary response body into a Buffer. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

async function bodyOf(message: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Signs a sent standard contract as its customer, ready to finish: the signing app's finish
 * (answers once signed; a worker seals) and the spec's merge-docs (seals before answering,
 * 502 when sealing cannot be done now).
 */
async function signAndFinish(api: INestApplication, http: StaffHttp) {
  const { token, docLink } = await sendContract(http);
  const signer = signerHttp(api);
  await signer.post('/api/verifyToken').send({ token, prefix: 'contract' }).expect(200);
  await saveSignatureAndConsent(api, token);
  return {
    token,
    finish: () => signer.post('/api/signing/finish').send({ token }),
    finishSealing: () =>
      signer.post('/api/template/merge-docs').send({ doc1: docLink, doc2: docLink, token }),
  };
}

async function pdfAt(api: INestApplication, link: string): Promise<Buffer> {
  const res = await request(api.getHttpServer())
    .get(new URL(link).pathname)
    .buffer(true)
    .parse(binary)
    .expect(200);
  return res.body as Buffer;
}

/**
 * Time-stamped seals (B-T): the seal carries a signature time-stamp from the
 * timestamp port — the local RFC 3161 authority by default (chained to the local
 * root that also issues the seal certificate), or TSA_URLS over HTTP — and with
 * no authority answering, the finish waits at its sealing step, never the local clock.
 */
describe('timestamps: the local TSA, the rfc3161 adapter over HTTP, PAdES B-T seals', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  /** Seals what the signing app's finish queued. */
  let worker: INestApplicationContext;
  let apiUrl: string;
  let http: StaffHttp;
  let rootPem: string;

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api, url: apiUrl } = await startApi(env.config));
    http = await staffHttp(api, 'csm@prosign.example');
    rootPem = (await api.get(LocalPki, { strict: false }).load()).record.rootCertificatePem;
    worker = await startWorker(env.config);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  it('/api/health reports the timestamp adapter', async () => {
    const health = await request(api.getHttpServer()).get('/api/health').expect(200);
    expect(health.body.adapters).toMatchObject({ timestamp: 'local' });
  });

  it('seals a signed agreement PAdES B-T: pdfsig says valid, the token covers the signature value and verifies to the local root', async () => {
    const { token, finish } = await signAndFinish(api, http);
    const before = Math.floor(Date.now() / 1000) * 1000;
    expect((await finish().expect(200)).body).toMatchObject({ status: 'signed' });
    // The worker seals.
    const done: FinishSigningResponse = await sealedFinish(api, token);
    const after = Date.now();
    const pdf = await pdfAt(api, done.signedDocLink!);

    // poppler's validator: the signature (time-stamp included) is valid, over the whole file.
    const report = pdfsig(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signer Certificate Common Name: ProSign Document Seal (local)');
    expect(report).toMatch(/Signing Time: \w{3} \d{2} \d{4} \d{2}:\d{2}:\d{2}/);
    expect(checkPdfSeal(pdf)).toMatchObject({ digestMatches: true, signatureValid: true });

    // An independent parse (node-forge): the unsigned attribute holds a TSTInfo token whose
    // imprint is the SHA-256 of the seal's signature value, stamped while the finish ran.
    const seal = sealTimestampOf(pdf);
    expect(seal.token).not.toBeNull();
    expect(seal.tstInfo).toMatchObject({
      contentType: ID_CT_TST_INFO,
      policy: LOCAL_TSA_POLICY,
      hashAlgorithm: SHA256,
    });
    expect(seal.tstInfo!.imprint).toEqual(
      createHash('sha256').update(seal.signatureValue).digest(),
    );
    expect(seal.tstInfo!.genTime.getTime()).toBeGreaterThanOrEqual(before);
    expect(seal.tstInfo!.genTime.getTime()).toBeLessThanOrEqual(after);
    // OpenSSL checks the token over the signature value, trusting the local root alone.
    expect(opensslVerifyToken(seal.token!, seal.signatureValue, rootPem)).toContain(
      'Verification: OK',
    );
    expect(opensslVerifyToken(seal.token!, Buffer.from('another value'), rootPem)).toContain(
      'Verification: FAILED',
    );
  });

  it('POST /api/timestamp answers an OpenSSL query with a reply OpenSSL verifies; nothing else is taken', async () => {
    const openssl = opensslQuery(Buffer.from('a document an outside tool time-stamps'));
    const reply = await request(api.getHttpServer())
      .post('/api/timestamp')
      .set('content-type', 'application/timestamp-query')
      .send(openssl.query)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(reply.headers['content-type']).toBe('application/timestamp-reply');
    expect(openssl.verify(reply.body as Buffer, rootPem)).toContain('Verification: OK');
    // The root to verify against is served beside it.
    const root = await request(api.getHttpServer()).get('/api/timestamp/root.pem').expect(200);
    expect(root.text).toBe(rootPem);

    await request(api.getHttpServer())
      .post('/api/timestamp')
      .set('content-type', 'application/json')
      .send({ query: 'x' })
      .expect(415);
    // A malformed query is answered as RFC 3161 says: a rejection, not an HTTP error.
    const rejected = await request(api.getHttpServer())
      .post('/api/timestamp')
      .set('content-type', 'application/timestamp-query')
      .send(Buffer.from('not a TimeStampReq'))
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(AsnConvert.parse(rejected.body as Buffer, TimeStampResp).status).toMatchObject({
      status: 2,
      statusString: ['the request is not a DER TimeStampReq'],
    });
  });

  describe('the rfc3161 adapter, over HTTP against the local TSA', () => {
    let tsaUrl: string;
    let standIn: Server;
    let standInUrl: string;
    let firstAnswer: Buffer | null = null;
    const authorizations: (string | undefined)[] = [];

    /** Forwards a query to the api's TSA, as the real service would answer it. */
    const forward = async (query: Buffer) => {
      const answer = await fetch(tsaUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query' },
        body: query,
      });
      return Buffer.from(await answer.arrayBuffer());
    };

    beforeAll(async () => {
      tsaUrl = `${apiUrl}/api/timestamp`;
      standIn = createServer((req, res) => {
        void (async () => {
          const query = await bodyOf(req);
          const reply = (body: Buffer) =>
            res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(body);
          switch (req.url) {
            case '/slow':
              return; // never answers
            case '/auth': {
              authorizations.push(req.headers.authorization);
              const expected = `Basic ${Buffer.from('prosign:s3cret').toString('base64')}`;
              if (req.headers.authorization !== expected) return res.writeHead(401).end();
              return reply(await forward(query));
            }
            case '/replay':
              // A broken or hostile TSA: always the answer it gave first.
              firstAnswer ??= await forward(query);
              return reply(firstAnswer);
            case '/html':
              return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
            default:
              return res.writeHead(404).end();
          }
        })();
      });
      standInUrl = await listen(standIn);
    });

    const downPorts: DownPort[] = [];
    /** A TSA URL whose service is down. */
    const deadUrl = async () => {
      const down = await DownPort.open();
      downPorts.push(down);
      return down.url('/tsa');
    };

    afterAll(async () => {
      standIn.closeAllConnections();
      await new Promise((resolve) => standIn.close(resolve));
      await Promise.all(downPorts.map((down) => down.release()));
    });

    const adapter = (urls: string[], extra: Partial<AppConfig> = {}): TimestampPort =>
      timestampPortFor(
        { TIMESTAMP_ADAPTER: 'rfc3161', TSA_URLS: urls, TSA_TIMEOUT_MS: 2000, ...extra },
        LocalPki.inMemory(),
      );

    it('gets a checked token over HTTP, falling through a dead first URL to the second', async () => {
      const dead = await deadUrl();
      const port = adapter([dead, tsaUrl]);
      expect(port.adapter).toBe('rfc3161');
      const data = Buffer.from('a seal signature value');
      const info = await port.timestamp(data);
      expect(info.tsa).toMatch(/CN=ProSign Local Time-Stamp Authority/);
      expect(info.policy).toBe(LOCAL_TSA_POLICY);
      expect(opensslVerifyToken(info.token, data, rootPem)).toContain('Verification: OK');
    });

    it('with every URL dead it is an error naming each, never a token of the local clock', async () => {
      const [first, second] = [await deadUrl(), await deadUrl()];
      const attempt = adapter([first, second]).timestamp(Buffer.from('x'));
      await expect(attempt).rejects.toBeInstanceOf(TimestampUnavailableError);
      await expect(attempt).rejects.toThrow(
        `No time-stamp authority answered: ${first}: unreachable; ${second}: unreachable`,
      );
    });

    it('gives each TSA TSA_TIMEOUT_MS, then asks the next; an answer of another type is refused', async () => {
      const started = Date.now();
      const info = await adapter([`${standInUrl}/slow`, `${standInUrl}/html`, tsaUrl], {
        TSA_TIMEOUT_MS: 300,
      }).timestamp(Buffer.from('y'));
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(info.token.length).toBeGreaterThan(0);
      await expect(
        adapter([`${standInUrl}/slow`, `${standInUrl}/html`], { TSA_TIMEOUT_MS: 300 }).timestamp(
          Buffer.from('y'),
        ),
      ).rejects.toThrow(
        `${standInUrl}/slow: no answer within 300 ms; ${standInUrl}/html: answered text/html, not application/timestamp-reply`,
      );
    });

    it('refuses a replayed answer: another imprint, or the same imprint with another nonce', async () => {
      const replaying = adapter([`${standInUrl}/replay`]);
      await replaying.timestamp(Buffer.from('first'));
      await expect(replaying.timestamp(Buffer.from('second'))).rejects.toThrow(
        `${standInUrl}/replay: refused: the imprint is not the hash sent`,
      );
      await expect(replaying.timestamp(Buffer.from('first'))).rejects.toThrow(
        `${standInUrl}/replay: refused: the nonce is not the one sent`,
      );
      // A refused answer falls through to the next TSA like a dead one.
      await expect(
        adapter([`${standInUrl}/replay`, tsaUrl]).timestamp(Buffer.from('second')),
      ).resolves.toMatchObject({ policy: LOCAL_TSA_POLICY });
    });

    it('sends TSA_USERNAME / TSA_PASSWORD as basic auth', async () => {
      await expect(
        adapter([`${standInUrl}/auth`], {
          TSA_USERNAME: 'prosign',
          TSA_PASSWORD: 's3cret',
        }).timestamp(Buffer.from('z')),
      ).resolves.toMatchObject({ policy: LOCAL_TSA_POLICY });
      await expect(
        adapter([`${standInUrl}/auth`], {
          TSA_USERNAME: 'prosign',
          TSA_PASSWORD: 'wrong',
        }).timestamp(Buffer.from('z')),
      ).rejects.toThrow(`${standInUrl}/auth: answered HTTP 401`);
      expect(authorizations).toEqual([
        `Basic ${Buffer.from('prosign:s3cret').toString('base64')}`,
        `Basic ${Buffer.from('prosign:wrong').toString('base64')}`,
      ]);
    });

    describe('with no time-stamp authority answering, the finish waits at sealing', () => {
      let tsaUp = false;
      let switchServer: Server;
      let waitingEnv: TestEnv;
      let waitingApi: INestApplication;
      let waitingHttp: StaffHttp;

      beforeAll(async () => {
        switchServer = createServer((req, res) => {
          void (async () => {
            const query = await bodyOf(req);
            if (!tsaUp) return res.writeHead(503).end('down for maintenance');
            res
              .writeHead(200, { 'content-type': 'application/timestamp-reply' })
              .end(await forward(query));
          })();
        });
        const switchUrl = await listen(switchServer);
        waitingEnv = createTestEnv(__filename, {
          PUBLIC_API_URL,
          PUBLIC_SIGNING_URL,
          TIMESTAMP_ADAPTER: 'rfc3161',
          TSA_URLS: `${switchUrl}/tsa`,
          TSA_TIMEOUT_MS: '2000',
          // B-T: this outside TSA's certificate names its CRL at the other stack's
          // PUBLIC_API_URL, which does not resolve here (B-LTA: pades-ltv spec).
          SEAL_LEVEL: 'B-T',
        });
        await seedBaseData(waitingEnv.config);
        ({ app: waitingApi } = await startApi(waitingEnv.config));
        waitingHttp = await staffHttp(waitingApi, 'csm@prosign.example');
      });

      afterAll(async () => {
        await waitingApi?.close();
        await waitingEnv?.cleanup();
        switchServer.closeAllConnections();
        await new Promise((resolve) => switchServer.close(resolve));
      });

      it('stops at the merged step with "sealing is waiting for the time-stamp service"; the scheduled retry completes it once a TSA answers', async () => {
        const health = await request(waitingApi.getHttpServer()).get('/api/health').expect(200);
        expect(health.body.adapters).toMatchObject({ timestamp: 'rfc3161' });
        // With outside TSAs configured, the stack offers no time-stamp authority of its own.
        await request(waitingApi.getHttpServer())
          .post('/api/timestamp')
          .set('content-type', 'application/timestamp-query')
          .send(Buffer.from('x'))
          .expect(404);

        const { token, finish, finishSealing } = await signAndFinish(waitingApi, waitingHttp);
        await finishSealing().expect(502);
        const contracts = agreementModel(waitingApi);
        const waiting = await contracts.findOne({ token }).lean();
        expect(waiting).toMatchObject({
          status: 'signed',
          signedDocLink: null,
          finish: { state: 'in_progress', failedStep: 'merged', leaseUntil: null },
        });
        expect(waiting?.finish?.lastError).toContain(TIMESTAMP_WAITING_MESSAGE);
        expect(waiting?.finish?.lastError).toContain('/tsa: answered HTTP 503');
        // The card says so (the dashboard's list): sealing waits for the time-stamp service.
        const cards = (
          await waitingHttp().get('/api/user/details').query({ limit: 50 }).expect(200)
        ).body.filteredClients as Array<{ _id: string; sealWaiting?: unknown }>;
        expect(cards.find((card) => card._id === String(waiting?._id))?.sealWaiting).toEqual({
          since: expect.any(String),
          waitingFor: 'time-stamp service',
        });
        // Admins see it on the stuck operations board, with that error.
        const admin = await staffHttp(waitingApi);
        const stuck = await admin().get('/api/admin/stuck-operations').expect(200);
        expect(stuck.body.operations).toContainEqual(
          expect.objectContaining({
            operation: 'finish',
            failedStep: 'merged',
            lastError: expect.stringContaining(TIMESTAMP_WAITING_MESSAGE),
          }),
        );

        // The worker's schedule retries while it is down: still waiting, never the local clock.
        const finishes = waitingApi.get(SigningFinishService, { strict: false });
        const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
        await finishes.resumeAbandoned(later(10));
        expect(await contracts.findOne({ token }).lean()).toMatchObject({
          signedDocLink: null,
          finish: { state: 'in_progress', failedStep: 'merged', attempts: 2 },
        });

        // The TSA is back: the next scheduled retry seals, time-stamped by it.
        tsaUp = true;
        const backAt = Math.floor(Date.now() / 1000) * 1000;
        expect(await finishes.resumeAbandoned(later(30))).toBe(1);
        const done = (await contracts.findOne({ token }).lean())!;
        expect(done.finish).toMatchObject({ state: 'completed' });
        // The signer's next call answers from the completed finish.
        expect((await finish().expect(200)).body).toMatchObject({
          status: 'signed',
          signedDocLink: done.signedDocLink,
        });
        const pdf = await pdfAt(waitingApi, done.signedDocLink!);
        expect(pdfsig(pdf)).toContain('Signature Validation: Signature is Valid.');
        const seal = sealTimestampOf(pdf);
        expect(seal.tstInfo!.genTime.getTime()).toBeGreaterThanOrEqual(backAt);
        expect(opensslVerifyToken(seal.token!, seal.signatureValue, rootPem)).toContain(
          'Verification: OK',
        );
      });

      it('an admin lets one waiting seal go at B-B, on the record: refused checks change nothing; the event in the chain and in the sealed audit trail; no time-stamp', async () => {
        tsaUp = false;
        const { token, finishSealing } = await signAndFinish(waitingApi, waitingHttp);
        await finishSealing().expect(502);
        const contracts = agreementModel(waitingApi);
        const waiting = (await contracts.findOne({ token }).lean())!;
        const admin = await staffHttp(waitingApi);
        const path = `/api/admin/agreements/${String(waiting._id)}/seal-level`;
        const reason = 'TSA outage; the client needs the signed copy today';
        // Not below SEAL_LEVEL (B-T here), no reason, not an admin: refused, nothing changes.
        expect(
          (await admin().post(path).send({ level: 'B-T', reason }).expect(400)).body.message,
        ).toBe('Choose a level below B-T.');
        await admin().post(path).send({ level: 'B-B' }).expect(400);
        await waitingHttp().post(path).send({ level: 'B-B', reason }).expect(403);
        expect((await contracts.findOne({ token }).lean())?.sealLevelOverride).toBeUndefined();

        const lowered = await admin().post(path).send({ level: 'B-B', reason }).expect(200);
        expect(lowered.body).toMatchObject({ level: 'B-B', sealed: true });
        const done = (await contracts.findOne({ token }).lean())!;
        expect(done.finish).toMatchObject({ state: 'completed' });
        expect(done.sealLevelOverride).toMatchObject({ level: 'B-B', configured: 'B-T', reason });
        expect(done.events.map((event) => event.type)).toContain('seal_level_lowered');
        // Once only.
        await admin().post(path).send({ level: 'B-B', reason }).expect(409);

        const pdf = await pdfAt(waitingApi, done.signedDocLink!);
        expect(pdfsig(pdf)).toContain('Signature Validation: Signature is Valid.');
        expect(sealTimestampOf(pdf).token).toBeNull();
        const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
        expect(text).toContain('Seal level lowered by an administrator');
        expect(text).toContain('sealed at PAdES B-B, not B-T');
        expect(text).toContain('the client needs the signed copy today');
        expect(text).toContain(TEST_ADMIN);
        // The TSA is still down: a signing that was not lowered still waits.
        const other = await signAndFinish(waitingApi, waitingHttp);
        await other.finishSealing().expect(502);
        tsaUp = true;
      });
    });
  });
});
