import type { INestApplication } from '@nestjs/common';
import { familyDefinition, linkSigningPagePath, type AgreementFamily } from '@prosign/domain';
import type request from 'supertest';
import { signerBrowser } from '../signing-fixtures';

/** Someone a signing step names: a signer, the one a place is handed to. */
export interface Person {
  name: string;
  email: string;
  phone?: string;
}

/**
 * A signer on their own link, in their browser (one captcha pass, the e-mail code's proof once
 * verified), making the calls the family's signing page makes. The family's definition says
 * which page that is: spec 1's token page (`/api/verifyToken`, `/api/signing/…` naming the
 * token) for a `token` family, `/api/{apiPrefix}/…/{customId}` for a `link` family.
 */
export interface SignerOnLink {
  /** The link's token (the token page's) or customId (a link family's). */
  token: string;
  /** The link check before the page opens: its answer (200 with `linkState`, or a refusal). */
  check(): Promise<request.Response>;
  /** Opens the page as the signer does (a view): the agreement as the page shows it. */
  open(): request.Test;
  /** A link family's own read for this link (`GET /api/{apiPrefix}/{call}/{customId}`). */
  read(call: string): request.Test;
  /** Saves a typed signature (and the initials with consent where the page asks for them). */
  saveSignature(name: string): Promise<void>;
  /** Agree and Finish. */
  finish(): request.Test;
  /** Opens, saves `name` and finishes: the finish's answer. */
  sign(name: string): Promise<request.Response>;
  decline(reason: string): request.Test;
  handOver(to: Person, note: string): request.Test;
  /** The e-mail code step of this link: its state, a code sent, a code entered (proof kept). */
  emailCode: {
    status(): request.Test;
    send(): request.Test;
    verify(code: string): Promise<request.Response>;
  };
}

/** The token or customId a signing link (as mailed, or as the send answered it) carries. */
export function tokenOfLink(family: AgreementFamily, link: string): string {
  const { pathname } = new URL(link);
  const token = decodeURIComponent(pathname.split('/').filter(Boolean).at(-1) ?? '');
  const expected =
    familyDefinition(family).signing.kind === 'link'
      ? linkSigningPagePath(family, token)
      : `/${encodeURIComponent(token)}`;
  if (pathname !== expected) {
    throw new Error(`${pathname.slice(0, 16)}… is not a ${family} signing page`);
  }
  return token;
}

/** The signer of `token` on the family's signing page. */
export function signerOn(
  api: INestApplication,
  family: AgreementFamily,
  token: string,
): SignerOnLink {
  const browser = signerBrowser(api, token);
  const emailCode = {
    status: () => browser.status(),
    send: () => browser.send(),
    async verify(code: string) {
      const verified = await browser.verify(code);
      if (verified.status === 200) browser.setProof(verified.body.proof as string);
      return verified;
    },
  };
  return familyDefinition(family).signing.kind === 'link'
    ? linkSigner(browser, familyDefinition(family).apiPrefix, token, emailCode)
    : tokenSigner(browser, token, emailCode);
}

type Browser = ReturnType<typeof signerBrowser>;

/** Spec 1's customer page: every call names the token in its body. */
function tokenSigner(
  browser: Browser,
  token: string,
  emailCode: SignerOnLink['emailCode'],
): SignerOnLink {
  const signer: SignerOnLink = {
    token,
    check: async () => browser.post('/api/verifyToken').send({ token }),
    open: () => browser.post('/api/verifyToken').send({ token, prefix: 'contract' }),
    read: (call) => {
      throw new Error(`the token page has no ${call} of its own`);
    },
    async saveSignature(name) {
      await browser
        .post('/api/template/upload-signature')
        .send({ token, textSignature: name, clientname: name })
        .expect(200);
      await browser
        .post('/api/template/upload-initials')
        .send({ token, clientname: name, agreedToTerms: true })
        .expect(200);
    },
    finish: () => browser.post('/api/signing/finish').send({ token }),
    async sign(name) {
      await signer.open().expect(200);
      await signer.saveSignature(name);
      return signer.finish();
    },
    decline: (reason) => browser.post('/api/signing/decline').send({ token, reason }),
    handOver: (to, note) =>
      browser.post('/api/signing/hand-over').send({ token, name: to.name, email: to.email, note }),
    emailCode,
  };
  return signer;
}

/** A link family's page: `/api/{apiPrefix}/{call}/{customId}`. */
function linkSigner(
  browser: Browser,
  apiPrefix: string,
  customId: string,
  emailCode: SignerOnLink['emailCode'],
): SignerOnLink {
  const at = (call: string) => `/api/${apiPrefix}/${call}/${encodeURIComponent(customId)}`;
  const signer: SignerOnLink = {
    token: customId,
    check: async () => browser.get(at('verify-link')),
    open: () => browser.post(at('increase-viewed-times')),
    read: (call) => browser.get(at(call)),
    async saveSignature(name) {
      await browser.post(at('upload-text-signature')).send({ textSignature: name }).expect(200);
    },
    finish: () => browser.post(at('finish')).send({ agreedToTerms: true }),
    async sign(name) {
      await signer.open().expect(200);
      await signer.saveSignature(name);
      return signer.finish();
    },
    decline: (reason) => browser.post(at('decline')).send({ reason }),
    handOver: (to, note) =>
      browser.post(at('hand-over')).send({ name: to.name, email: to.email, note }),
    emailCode,
  };
  return signer;
}
