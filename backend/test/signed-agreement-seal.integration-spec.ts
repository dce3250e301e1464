import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { STANDARD_TEMPLATE_DOC_IDS } from '@prosign/domain';
import type { Model } from 'mongoose';
import request from 'supertest';
import { LocalPki, REVOCATION_PORT, TIMESTAMP_PORT } from '../src/integrations/timestamp';
import {
  DerivedDocumentsService,
  NOT_A_SIGNED_AGREEMENT,
} from '../src/modules/documents/derived-documents.service';
import {
  generateSelfSignedP12,
  PdfSealerService,
  SEAL_KEY_REQUIRED_MESSAGE,
} from '../src/modules/documents/pdf/pdf-sealer.service';
import { SealCertificateRepository } from '../src/modules/documents/pdf/seal-certificate.repository';
import { SealCertificate } from '../src/modules/documents/pdf/seal-certificate.schema';
import { STAFF_MERGE_REFUSED } from '../src/modules/signing/signer-template.controller';
import type { AppConfig } from '../src/platform/config/app-config';
import { loadConfig } from '../src/platform/config/load-config';
import { signInDemoUsers, type DemoRole } from './support/demo-users';
import { contractFormData, documentModel, seedTemplates } from './support/document-fixtures';
import { checkPdfSeal } from './support/pdf-signature';
import { asStaff } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

const PUBLIC_API_URL = 'https://prosign.example.com';
const CONFIGURED_SEAL = generateSelfSignedP12('ProSign Configured Seal (test)');

/** Reads a binary response body into a Buffer. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/**
 * A sealed "signed agreement" exists only for a completed signing.
 * Today any staff member with Home access merges two documents of their choice
 * through `POST /api/template/merge-docs` and gets them sealed as a signed
 * agreement; in production the seal key must come from configuration.
 */
describe('signed-agreement seal: only the completion pipeline applies it', () => {
  const env = createTestEnv(__filename, {
    PUBLIC_API_URL,
    SEAL_P12_BASE64: CONFIGURED_SEAL.p12Base64,
    SEAL_P12_PASSPHRASE: CONFIGURED_SEAL.passphrase,
  });
  let api: INestApplication;
  let derivedDocuments: DerivedDocumentsService;
  let certificates: Model<SealCertificate>;
  let cookies: Record<DemoRole, string>;

  beforeAll(async () => {
    ({ app: api } = await startApi(env.config));
    await seedTemplates(api);
    cookies = await signInDemoUsers(api);
    derivedDocuments = api.get(DerivedDocumentsService, { strict: false });
    certificates = api.get(getModelToken(SealCertificate.name), { strict: false });
  });

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  const templateLink = `${PUBLIC_API_URL}/api/documents/d/${STANDARD_TEMPLATE_DOC_IDS.default}/edit`;

  async function createAgreement(): Promise<string> {
    const res = await asStaff(api, cookies.admin)
      .post('/api/template/create-contract')
      .send({ docLink: templateLink, formData: contractFormData() })
      .expect(201);
    return (res.body as { docLink: string }).docLink;
  }

  function auditTrailOf(agreement: string, contractToken: string) {
    return derivedDocuments.createAuditTrail({
      agreement,
      documentTitle: 'Professional Engineering Services Agreement',
      signer: { name: 'Maria Elena Alvarez', email: 'maria.alvarez@example.com' },
      events: [{ type: 'signed', at: new Date('2026-03-14T17:26:53Z'), ip: '198.51.100.77' }],
      contractToken,
    });
  }

  it.each(['admin', 'csm', 'pm'] as const)(
    'a %s cannot have two documents merged and sealed through merge-docs',
    async (role) => {
      const agreement = await createAgreement();
      const res = await asStaff(api, cookies[role])
        .post('/api/template/merge-docs')
        .send({ doc1: agreement, doc2: templateLink, token: 'tok_forged_0001' })
        .expect(403);
      expect(JSON.stringify(res.body)).not.toContain('combinedDocLink');
      expect(res.body.message).toBe(STAFF_MERGE_REFUSED);
      expect(await documentModel(api).countDocuments({ kind: 'combined' })).toBe(0);
    },
  );

  it('the merge seals nothing but an agreement with the audit trail built for it and its token', async () => {
    const agreement = await createAgreement();
    const other = await createAgreement();
    const token = 'tok_real_contract_0001';
    const trail = await auditTrailOf(agreement, token);
    const otherTrail = await auditTrailOf(other, 'tok_other_contract_0002');

    for (const [doc1, doc2, forToken] of [
      [agreement, templateLink, token], // any document as "audit trail"
      [agreement, other, token], // two agreements
      [other, trail.docLink, token], // another agreement's audit trail
      [agreement, otherTrail.docLink, token], // an audit trail of another contract
      [agreement, trail.docLink, 'tok_someone_else'], // the right pair under another token
    ]) {
      await expect(derivedDocuments.mergeDocuments(doc1, doc2, forToken)).rejects.toMatchObject({
        status: 409,
        message: NOT_A_SIGNED_AGREEMENT,
      });
    }
    expect(await documentModel(api).countDocuments({ kind: 'combined' })).toBe(0);

    // The completion pipeline's own pair is sealed, with the configured key.
    const { combinedDocLink } = await derivedDocuments.mergeDocuments(
      agreement,
      trail.docLink,
      token,
    );
    const pdf = await request(api.getHttpServer())
      .get(new URL(combinedDocLink).pathname)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const seal = checkPdfSeal(pdf.body as Buffer);
    expect(seal).toMatchObject({ digestMatches: true, signatureValid: true });
    expect(seal.signerCommonName).toBe('ProSign Configured Seal (test)');
    // A configured key is used as is: nothing generated, nothing stored beside the data.
    expect(await certificates.countDocuments({})).toBe(0);
  });

  describe('the seal key in production', () => {
    const production = {
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb://127.0.0.1:27017/prosign',
      REDIS_URL: 'redis://127.0.0.1:6379',
      IDENTITY_ADAPTER: 'google',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_CALLBACK_URL: 'https://api.firm.com/api/auth/google/callback',
      BOOTSTRAP_ADMIN_EMAILS: 'boss@prosign.example',
      CAPTCHA_PASS_SECRET: 's'.repeat(32),
      SERVICE_DELETE_PASSWORD: 'a real secret',
      MAIL_ADAPTER: 'smtp',
      SMTP_HOST: 'smtp.firm.com',
      CAPTCHA_ADAPTER: 'recaptcha',
      RECAPTCHA_SECRET: 'recaptcha-secret',
      RECAPTCHA_SITE_KEY: 'recaptcha-site-key',
    };

    it('is required by the configuration', () => {
      expect(() => loadConfig(production)).toThrow(
        'SEAL_P12_BASE64 is required when NODE_ENV=production',
      );
      const config = loadConfig({
        ...production,
        SEAL_P12_BASE64: CONFIGURED_SEAL.p12Base64,
        SEAL_P12_PASSPHRASE: CONFIGURED_SEAL.passphrase,
      });
      expect(config.SEAL_P12_BASE64).toBe(CONFIGURED_SEAL.p12Base64);
    });

    it('is never generated nor taken from the database, and a key that does not open stops the start', async () => {
      const sealerWith = (overrides: Partial<AppConfig>) =>
        new PdfSealerService(
          { ...env.config, ...overrides } as AppConfig,
          api.get(SealCertificateRepository, { strict: false }),
          api.get(TIMESTAMP_PORT, { strict: false }),
          api.get(LocalPki, { strict: false }),
          api.get(REVOCATION_PORT, { strict: false }),
        );
      // A self-signed key left in the database (say, from before) is not used either.
      await certificates.create({ _id: 'generated-default', ...generateSelfSignedP12() });
      const unkeyed = sealerWith({ NODE_ENV: 'production', SEAL_P12_BASE64: undefined });
      await expect(unkeyed.onModuleInit()).rejects.toThrow(SEAL_KEY_REQUIRED_MESSAGE);
      await expect(
        unkeyed.seal(Buffer.from('%PDF-1.7'), {
          signingTime: new Date(),
          reason: 'x',
          location: 'x',
          contactInfo: 'x',
        }),
      ).rejects.toThrow(SEAL_KEY_REQUIRED_MESSAGE);
      await certificates.deleteMany({});

      const wrongPassphrase = sealerWith({
        NODE_ENV: 'production',
        SEAL_P12_PASSPHRASE: 'not the passphrase',
      });
      await expect(wrongPassphrase.onModuleInit()).rejects.toThrow(
        'SEAL_P12_BASE64 / SEAL_P12_PASSPHRASE do not open',
      );
      await expect(sealerWith({ NODE_ENV: 'production' }).onModuleInit()).resolves.toBeUndefined();
      expect(await certificates.countDocuments({})).toBe(0);
    });
  });
});
