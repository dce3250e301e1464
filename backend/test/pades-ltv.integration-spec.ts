import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { AgreementFamily } from '@prosign/domain';
import { X509Certificate } from 'node:crypto';
import request from 'supertest';
import {
  crlDistributionPointUrls,
  LOCAL_CRL_VALIDITY_MS,
  LocalPki,
} from '../src/integrations/timestamp';
import { checkPdfSeal } from './support/pdf-signature';
import { opensslVerifyToken, pdfsig, sealTimestampOf } from './support/pdf-timestamp';
import {
  documentSecurityStoreOf,
  forgeCertificate,
  forgeChainVerifies,
  opensslVerifyWithCrls,
  parseCrl,
  signaturesOf,
  subjectDer,
  vriKeyOf,
} from './support/pades-check';
import { coDealFixture, sendCo } from './support/co-fixtures';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sealedFinish,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { sowBody } from './support/sow-fixtures';
import { staffHttp, type StaffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/** Reads a binary response body into a Buffer. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

const ROOT_CRL_URL = `${PUBLIC_API_URL}/api/timestamp/root.crl`;

/**
 * Long-term validation: a sealed PDF of each family — standard contract,
 * SOW and change order, signed through the family's own calls — is PAdES B-LTA
 * (the default SEAL_LEVEL), checked by validators that did not write it:
 * poppler's `pdfsig` for the signatures, OpenSSL for the document time-stamp
 * and each chain against the CRLs of the DSS, pdf-lib's parser to find the
 * DSS, node-forge and asn1js to read and chain its certificates and CRLs.
 */
describe('PAdES B-LTA seals of every family, checked independently', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  /** Seals what the families' finishes queued. */
  let worker: INestApplicationContext;
  let rootDer: Buffer;
  let rootPem: string;
  const sealed = {} as Record<AgreementFamily, Buffer>;

  const pdfAt = async (link: string): Promise<Buffer> =>
    (
      await request(api.getHttpServer())
        .get(new URL(link).pathname)
        .buffer(true)
        .parse(binary)
        .expect(200)
    ).body as Buffer;

  async function signedStandard(http: StaffHttp): Promise<string> {
    const { token } = await sendContract(http);
    const signer = signerHttp(api);
    await signer.post('/api/verifyToken').send({ token, prefix: 'contract' }).expect(200);
    await saveSignatureAndConsent(api, token);
    await signer.post('/api/signing/finish').send({ token }).expect(200);
    return (await sealedFinish(api, token)).signedDocLink;
  }

  async function signedSowOrCo(family: 'sow' | 'co', customId: string, name: string) {
    const signer = signerHttp(api, { linkToken: customId });
    await signer
      .post(`/api/${family}/upload-text-signature/${customId}`)
      .send({ textSignature: name })
      .expect(200);
    await signer
      .post(`/api/${family}/finish/${customId}`)
      .send({ agreedToTerms: true })
      .expect(200);
    return (await sealedFinish(api, customId)).signedDocLink;
  }

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    const { root } = await api.get(LocalPki, { strict: false }).load();
    rootDer = root.der;
    rootPem = root.certificate.toString();

    const csm = await staffHttp(api, 'csm@prosign.example');
    const pm = await staffHttp(api, 'pm@prosign.example');
    sealed.standard = await pdfAt(await signedStandard(csm));

    const sow = sowBody();
    const created = await pm().post('/api/sow/create-contract').send(sow).expect(200);
    const sent = await pm()
      .post('/api/sow/send-contract')
      .send({ ...sow, docLink: created.body.docLink })
      .expect(200);
    sealed.sow = await pdfAt(await signedSowOrCo('sow', sent.body.customId as string, 'Mei Lin'));

    const deal = await coDealFixture(csm);
    const co = await sendCo(csm, deal);
    sealed.co = await pdfAt(await signedSowOrCo('co', co.customId, deal.signatory.name));
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  it('/api/health reports the seal level', async () => {
    const health = await request(api.getHttpServer()).get('/api/health').expect(200);
    expect(health.body.sealLevel).toBe('B-LTA');
  });

  describe.each(['standard', 'sow', 'co'] as const)('a sealed %s PDF', (family) => {
    it('pdfsig: the seal is valid over its revision, the document time-stamp by the local TSA covers the whole file', () => {
      const report = pdfsig(sealed[family]);
      const [seal, timestamp, extra] = report.split(/^Signature #\d+:$/m).slice(1);
      expect(extra).toBeUndefined();
      expect(seal).toContain('Signature Type: ETSI.CAdES.detached');
      expect(seal).toContain('Signer Certificate Common Name: ProSign Document Seal (local)');
      expect(seal).toContain('Signature Validation: Signature is Valid.');
      // The DSS and the document time-stamp come after the seal's revision.
      expect(seal).toContain('Not total document signed');
      // poppler 22.12 lists a document time-stamp (/SubFilter /ETSI.RFC3161) with its TSA
      // and range but does not validate that type ("Signature Type: unknown"): OpenSSL does, below.
      expect(timestamp).toContain('Signature Field Name: DocumentTimeStamp1');
      expect(timestamp).toMatch(
        /Signer Certificate Common Name: ProSign Local Time-Stamp Authority [0-9a-f]{6}/,
      );
      expect(timestamp).toContain('Total document signed');
      // The seal still checks as it did at B-T (node-forge), whole file closed by the time-stamp.
      expect(checkPdfSeal(sealed[family])).toMatchObject({
        digestMatches: true,
        signatureValid: true,
        coversWholeFile: true,
      });
    });

    it('OpenSSL: the document time-stamp token verifies over its byte range against the local root; the seal carries its signature time-stamp', () => {
      const signatures = signaturesOf(sealed[family]);
      expect(signatures.map((s) => `${s.type} ${s.subFilter}`)).toEqual([
        'Sig ETSI.CAdES.detached',
        'DocTimeStamp ETSI.RFC3161',
      ]);
      const documentTimestamp = signatures[1];
      expect(documentTimestamp.byteRange[0]).toBe(0);
      const [, b, c, d] = documentTimestamp.byteRange;
      expect(c + d).toBe(sealed[family].length);
      expect(c - b).toBe(documentTimestamp.contents.length * 2 + 2);
      expect(
        opensslVerifyToken(documentTimestamp.der, documentTimestamp.signedBytes, rootPem),
      ).toContain('Verification: OK');
      // One byte of the time-stamped range changed: the token no longer verifies.
      const changed = Buffer.from(documentTimestamp.signedBytes);
      changed[changed.length - 40] ^= 0x01;
      expect(opensslVerifyToken(documentTimestamp.der, changed, rootPem)).toContain(
        'Verification: FAILED',
      );
      // B-T underneath: the seal's own time-stamp.
      const seal = sealTimestampOf(sealed[family]);
      expect(opensslVerifyToken(seal.token!, seal.signatureValue, rootPem)).toContain(
        'Verification: OK',
      );
    });

    it('the DSS (pdf-lib, node-forge, asn1js): both chains, the root CRL signed by the root listing nothing, the /VRI of the seal', async () => {
      const dss = await documentSecurityStoreOf(sealed[family]);
      expect(dss).not.toBeNull();
      const certificates = dss!.certificates.map(forgeCertificate);
      const names = certificates.map((cert) => String(cert.subject.getField('CN')?.value));
      expect(names).toEqual(
        expect.arrayContaining([
          'ProSign Document Seal (local)',
          expect.stringMatching(/^ProSign Local Root CA [0-9a-f]{6}$/),
          expect.stringMatching(/^ProSign Local Time-Stamp Authority [0-9a-f]{6}$/),
        ]),
      );
      expect(names).toHaveLength(3);
      const [sealDer, tsaDer] = ['ProSign Document Seal', 'ProSign Local Time-Stamp'].map(
        (prefix) => dss!.certificates[names.findIndex((name) => name.startsWith(prefix))],
      );
      expect(dss!.certificates.some((der) => der.equals(rootDer))).toBe(true);
      // node-forge chains the seal's and the TSA's certificates to the root alone.
      expect(forgeChainVerifies([sealDer], rootDer)).toBe(true);
      expect(forgeChainVerifies([tsaDer], rootDer)).toBe(true);
      expect(forgeChainVerifies([tsaDer], sealDer)).toBe(false);
      // Both name the root's CRL, at the public API's address.
      for (const der of [sealDer, tsaDer]) {
        expect(crlDistributionPointUrls(new X509Certificate(der))).toEqual([ROOT_CRL_URL]);
      }

      // One CRL (the root's, covering both), read with asn1js: issued and signed by the
      // root, nothing revoked, valid now.
      expect(dss!.crls).toHaveLength(1);
      const crl = parseCrl(dss!.crls[0]);
      expect(crl.issuer.equals(subjectDer(rootDer))).toBe(true);
      expect(crl.signedBy(rootDer)).toBe(true);
      expect(crl.signedBy(sealDer)).toBe(false);
      expect(crl.revokedCount).toBe(0);
      expect(crl.thisUpdate.getTime()).toBeLessThanOrEqual(Date.now());
      expect(crl.nextUpdate!.getTime() - crl.thisUpdate.getTime()).toBe(LOCAL_CRL_VALIDITY_MS);
      expect(dss!.ocsps).toEqual([]);

      // OpenSSL: each chain verifies with the CRL check on every certificate.
      for (const leaf of [sealDer, tsaDer]) {
        expect(opensslVerifyWithCrls(leaf, rootDer, dss!.crls)).toMatch(/: OK\s*$/);
      }
      // Without the CRL it cannot: the check needs the revocation data the DSS carries.
      expect(opensslVerifyWithCrls(sealDer, rootDer, [])).toContain(
        'unable to get certificate CRL',
      );

      // /VRI: keyed by the SHA-1 of the seal's /Contents, naming the same data.
      const [seal] = signaturesOf(sealed[family]);
      expect(Object.keys(dss!.vri)).toEqual([vriKeyOf(seal)]);
      expect(dss!.vri[vriKeyOf(seal)].certificates).toHaveLength(3);
      expect(dss!.vri[vriKeyOf(seal)].crls).toEqual(dss!.crls);
    });
  });

  it('GET /api/timestamp/root.crl serves the root CRL the certificates name (DER, signed by the root)', async () => {
    const res = await request(api.getHttpServer())
      .get('/api/timestamp/root.crl')
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pkix-crl');
    const crl = parseCrl(res.body as Buffer);
    expect(crl.signedBy(rootDer)).toBe(true);
    expect(crl.revokedCount).toBe(0);
  });
});
