import type { INestApplication } from '@nestjs/common';
import { STANDARD_TEMPLATE_DOC_IDS } from '@prosign/domain';
import request from 'supertest';
import { CaptchaPassService } from '../../src/modules/captcha/captcha-pass.service';
import { contractFormData, contractSendBody } from './document-fixtures';
import type { StaffHttp } from './staff-session';

export const PUBLIC_API_URL = 'https://prosign.example.com';
export const PUBLIC_SIGNING_URL = 'https://sign.prosign.example.com';
export const SIGNING_ORIGIN = 'http://localhost:8084';

/** Sends a standard contract as staff would (create the document, then the one send call); returns its token. */
export async function sendContract(
  http: StaffHttp,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; docLink: string; signingLink: string }> {
  const dealId = (overrides.hsDealId as string | undefined) ?? '';
  const created = await http()
    .post('/api/template/create-contract')
    .send({
      docLink: `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`,
      formData: contractFormData({ hs_deal_id: dealId }),
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
 * pass (as the browser has after the captcha), or without one.
 */
export function signerHttp(app: INestApplication, options: { pass?: boolean } = {}) {
  const pass = options.pass === false ? null : app.get(CaptchaPassService).issue().pass;
  const withPass = <T extends request.Test>(test: T): T =>
    (pass ? test.set('X-Captcha-Pass', pass) : test).set('origin', SIGNING_ORIGIN) as T;
  const http = () => request(app.getHttpServer());
  return {
    get: (url: string) => withPass(http().get(url)),
    post: (url: string) => withPass(http().post(url)),
    patch: (url: string) => withPass(http().patch(url)),
  };
}
