import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  EMAIL_CODE_PROOF_HEADER,
  STANDARD_TEMPLATE_DOC_IDS,
  type FinishSigningResponse,
} from '@prosign/domain';
import { Types, type Connection } from 'mongoose';
import request from 'supertest';
import { CaptchaPassService } from '../../src/modules/captcha/captcha-pass.service';
import { contractFormData, contractSendBody } from './document-fixtures';
import type { StaffHttp } from './staff-session';
import { waitFor } from './wait-for';

export const PUBLIC_API_URL = 'https://prosign.example.com';
export const PUBLIC_SIGNING_URL = 'https://sign.prosign.example.com';
export const SIGNING_ORIGIN = 'http://localhost:8084';

/** Sends a standard contract as staff would (create the document, then the one send call); returns its token. */
export async function sendContract(
  http: StaffHttp,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; docLink: string; signingLink: string }> {
  const dealId = (overrides.hsDealId as string | undefined) ?? '';
  // The document takes who signs (a block for each other signer and the firm's); the order
  // and the rest are the send's.
  const { additional_signers, countersigner } = overrides;
  const created = await http()
    .post('/api/template/create-contract')
    .send({
      docLink: `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
      formData: contractFormData({ hs_deal_id: dealId }),
      ...(additional_signers ? { additional_signers } : {}),
      ...(countersigner ? { countersigner } : {}),
    })
    .expect(201);
  const docLink = (created.body as { docLink: string }).docLink;
  const sent = await http()
    .post('/api/contracts/send')
    .send(contractSendBody(docLink, { hsDealId: dealId, ...overrides }))
    .expect(200);
  return { token: sent.body.token, docLink, signingLink: sent.body.signingLink };
}

/**
 * A signer's client: requests from the signing app's origin with a captcha
 * pass (as the browser has after the captcha), or without one. As in the
 * browser, the pass is bound to the link token the request names (the `token`
 * sent in the body, a multipart field or the query) and to the client address
 * (`ip`, the test's loopback by default).
 */
export function signerHttp(
  app: INestApplication,
  options: { pass?: boolean; ip?: string; linkToken?: string } = {},
) {
  const passes = app.get(CaptchaPassService);
  const ip = options.ip ?? '127.0.0.1';
  const passFor = (linkToken: string) => passes.issue({ linkToken, ip }).pass;
  const withPass = <T extends request.Test>(test: T, url: string): T => {
    test.set('origin', SIGNING_ORIGIN);
    if (options.pass === false) return test;
    const queryToken = new URL(url, 'http://signer.test').searchParams.get('token');
    test.set('X-Captcha-Pass', passFor(options.linkToken ?? queryToken ?? 'no-link'));
    if (options.linkToken !== undefined) return test;
    const send = test.send.bind(test);
    const field = test.field.bind(test) as (name: string, value: unknown) => T;
    Object.assign(test, {
      send: (data?: string | object) => {
        const token = (data as { token?: unknown } | undefined)?.token;
        if (typeof token === 'string') test.set('X-Captcha-Pass', passFor(token));
        return send(data);
      },
      field: (name: string, value: unknown) => {
        if (name === 'token' && typeof value === 'string') {
          test.set('X-Captcha-Pass', passFor(value));
        }
        return field(name, value);
      },
    });
    return test;
  };
  const http = () => request(app.getHttpServer());
  return {
    get: (url: string) => withPass(http().get(url), url),
    post: (url: string) => withPass(http().post(url), url),
    patch: (url: string) => withPass(http().patch(url), url),
  };
}

/**
 * What a signer's requests go through: `signerHttp`'s client, or a test's own browser
 * (`signerBrowser`: one captcha pass, and an e-mail code's proof).
 */
export type SignerClient = { post: (url: string) => request.Test };

/**
 * A signer's browser on one link: one captcha pass for the session (as the page keeps it),
 * and the e-mail code's proof once verified (`setProof`).
 */
export function signerBrowser(
  app: INestApplication,
  linkToken: string,
  options: { pass?: string } = {},
) {
  const pass =
    options.pass ?? app.get(CaptchaPassService).issue({ linkToken, ip: '127.0.0.1' }).pass;
  let proof: string | null = null;
  const headers = (test: request.Test) => {
    test.set('origin', SIGNING_ORIGIN).set('X-Captcha-Pass', pass);
    return proof ? test.set(EMAIL_CODE_PROOF_HEADER, proof) : test;
  };
  const http = () => request(app.getHttpServer());
  return {
    pass,
    get: (url: string) => headers(http().get(url)),
    post: (url: string) => headers(http().post(url)),
    setProof: (value: string | null) => {
      proof = value;
    },
    proof: () => proof,
    /** The e-mail code step's state for this link. */
    status: () => headers(http().get(`/api/signing/email-code?token=${linkToken}`)),
    /** Asks for a code to be mailed. */
    send: () => headers(http().post('/api/signing/email-code/send')).send({ token: linkToken }),
    /** Enters a code; a 200 answers the proof (kept only by `setProof`). */
    verify: (code: string) =>
      headers(http().post('/api/signing/email-code/verify')).send({ token: linkToken, code }),
  };
}

/** Saves the typed signature and the initials with consent, as the signing page does. */
async function saveSignature(
  signer: SignerClient,
  token: string,
  textSignature: string,
  clientname: string,
): Promise<void> {
  await signer
    .post('/api/template/upload-signature')
    .send({ token, textSignature, clientname })
    .expect(200);
  await signer
    .post('/api/template/upload-initials')
    .send({ token, clientname, agreedToTerms: true })
    .expect(200);
}

/**
 * Saves a customer's typed signature and initials with consent, as the signing page does
 * (through `signer`: by default a client with a captcha pass).
 */
export async function saveSignatureAndConsent(
  app: INestApplication,
  token: string,
  signer: SignerClient = signerHttp(app),
): Promise<void> {
  await saveSignature(signer, token, 'Maria E. Alvarez', 'Maria Elena Alvarez');
}

/**
 * One signer of a standard contract, through their own link as the page does: opens it,
 * saves `name` as the typed signature and the initials with consent — ready to finish
 * (through `signer`: by default a client with a captcha pass).
 */
export async function openAndSaveSignature(
  app: INestApplication,
  token: string,
  name: string,
  signer: SignerClient = signerHttp(app),
): Promise<void> {
  await signer.post('/api/verifyToken').send({ token, prefix: 'contract' }).expect(200);
  await saveSignature(signer, token, name, name);
}

/** One signer of a standard contract signs through their own link: the finish's answer. */
export async function signStandardAs(app: INestApplication, token: string, name: string) {
  await openAndSaveSignature(app, token, name);
  return (await signerHttp(app).post('/api/signing/finish').send({ token }).expect(200)).body;
}

/**
 * The firm's countersigner, in the staff app: opens the agreement, types `name` as the
 * countersignature and finishes with consent. The finish's response.
 */
export async function countersignAs(
  staff: StaffHttp,
  agreementId: string,
  name: string,
): Promise<request.Response> {
  await staff().post(`/api/countersign/${agreementId}/open`).expect(200);
  await staff()
    .post(`/api/countersign/${agreementId}/signature`)
    .send({ textSignature: name })
    .expect(200);
  return staff()
    .post(`/api/countersign/${agreementId}/finish`)
    .send({ agreedToTerms: true })
    .expect(200);
}

/**
 * The finish of the agreement behind a signing link (any signer's token, or its id) once a
 * worker has sealed it: the signer's finish answers before that, with empty PDF links.
 * Returns what a finish called again then answers.
 */
export async function sealedFinish(
  app: INestApplicationContext,
  tokenOrId: string,
  { timeoutMs = 30_000 } = {},
): Promise<FinishSigningResponse> {
  const connection = app.get<Connection>(getConnectionToken(), { strict: false });
  const link = await connection
    .collection<{ _id: string; agreementId: unknown }>('agreement_links')
    .findOne({ _id: tokenOrId });
  if (!link && !Types.ObjectId.isValid(tokenOrId)) {
    throw new Error(`${tokenOrId.slice(0, 4)}… is neither a signing link nor an agreement id`);
  }
  const id = link?.agreementId ?? new Types.ObjectId(tokenOrId);
  const agreements = connection.collection('agreements');
  const sealed = await waitFor(
    () => agreements.findOne({ _id: id as never }),
    (record) => record?.finish?.state === 'completed',
    { timeoutMs, intervalMs: 100 },
  );
  return {
    status: 'signed',
    signedAt: new Date(sealed?.signedAt as Date).toISOString(),
    signedDocLink: String(sealed?.signedDocLink ?? ''),
    auditTrailDocLink: String(sealed?.auditTrailDocLink ?? ''),
    verifyId: String(sealed?.verifyId ?? ''),
  };
}

/**
 * Two finishes of one link sent at once, both answered: signed, with one time and one verify id;
 * the claim's answer comes before the seal (no PDF links; the tab that lost the claim reads the
 * agreement after it: sealed by then on a slow run). Then, once a worker sealed it, what a
 * finish answers: the same, with both PDF links.
 */
export async function expectSignedOnceThenSealed(
  app: INestApplicationContext,
  tokenOrId: string,
  [first, second]: [request.Response, request.Response],
): Promise<FinishSigningResponse> {
  expect([first.status, second.status]).toEqual([200, 200]);
  const claimed = first.body as FinishSigningResponse;
  expect(claimed).toEqual({
    status: 'signed',
    signedAt: expect.any(String),
    signedDocLink: expect.any(String),
    auditTrailDocLink: expect.any(String),
    verifyId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
  });
  expect(second.body).toMatchObject({
    status: 'signed',
    signedAt: claimed.signedAt,
    verifyId: claimed.verifyId,
  });
  expect([claimed.signedDocLink, second.body.signedDocLink]).toContain('');
  const done = await sealedFinish(app, tokenOrId);
  expect(done).toEqual({
    status: 'signed',
    signedAt: claimed.signedAt,
    signedDocLink: expect.stringMatching(/\/api\/documents\/d\/[A-Za-z0-9_-]{22}\/view$/),
    auditTrailDocLink: expect.stringMatching(/\/api\/documents\/d\/[A-Za-z0-9_-]{22}\/view$/),
    verifyId: claimed.verifyId,
  });
  return done;
}
