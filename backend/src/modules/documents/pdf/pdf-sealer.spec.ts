import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { ServiceUnavailableException } from '@nestjs/common';
import { createHash, X509Certificate } from 'node:crypto';
import {
  crlDistributionPointUrls,
  crlIssuedBy,
  RevocationUnavailableError,
  type RevocationPort,
} from '../../../integrations/timestamp';
import { generateLocalPki } from '../../../integrations/timestamp/local-pki';
import {
  LocalPki,
  TimestampUnavailableError,
  type TimestampPort,
} from '../../../integrations/timestamp';
import {
  revocationPortFor,
  timestampPortFor,
} from '../../../integrations/timestamp/timestamp.module';
import type { AppConfig, SealLevel } from '../../../platform/config/app-config';
import {
  generateSelfSignedP12,
  PdfSealerService,
  REVOCATION_WAITING_MESSAGE,
  TIMESTAMP_WAITING_MESSAGE,
} from './pdf-sealer.service';
import { lastDocumentTimestamp, lastDocumentTimestampExpiry } from './pades-ltv';
import type { SealCertificateRepository } from './seal-certificate.repository';

const SIGNING_TIME = new Date('2026-03-14T17:26:53Z');
const SEAL = generateSelfSignedP12('ProSign Seal (unit test)');
const PKI = LocalPki.inMemory('http://localhost:3000/api/timestamp/root.crl');
const LOCAL_TSA = timestampPortFor(
  { TIMESTAMP_ADAPTER: 'local', TSA_URLS: [], TSA_TIMEOUT_MS: 1000 },
  PKI,
);

function sealer(
  seal: { p12Base64: string; passphrase: string } = SEAL,
  timestamps: TimestampPort = LOCAL_TSA,
  level: SealLevel = 'B-T',
  pki: LocalPki = PKI,
  revocation: RevocationPort = revocationPortFor({ TSA_TIMEOUT_MS: 1000 }, pki),
): PdfSealerService {
  const config = {
    SEAL_P12_BASE64: seal.p12Base64,
    SEAL_P12_PASSPHRASE: seal.passphrase,
    NODE_ENV: 'test',
    SEAL_LEVEL: level,
  } as unknown as AppConfig;
  return new PdfSealerService(
    config,
    null as unknown as SealCertificateRepository,
    timestamps,
    pki,
    revocation,
  );
}

const OPTIONS = { signingTime: SIGNING_TIME, reason: 'r', location: 'l', contactInfo: 'c' };

/** The signatures' dictionaries in file order: /Type and /SubFilter (text scan). */
function signatureKinds(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\/ByteRange\s*\[/g)].map((match) => {
    const text = pdf.toString('latin1');
    const dictionary = text.slice(text.lastIndexOf(' obj', match.index), match.index);
    return `${/\/Type\s*\/(\w+)/.exec(dictionary)?.[1]} ${/\/SubFilter\s*\/([\w.]+)/.exec(dictionary)?.[1]}`;
  });
}

async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of ['Agreement page', 'Audit trail page']) {
    doc.addPage().drawText(text, { x: 72, y: 700, size: 12, font });
  }
  return doc.save({ useObjectStreams: false });
}

/** The signed bytes (the ByteRange) and the CMS of a sealed PDF, as a reader extracts them. */
function extractSignature(pdf: Buffer): { content: Buffer; cms: Buffer; subFilter?: string } {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const [a, b, c, d] = ranges[ranges.length - 1].slice(1).map(Number);
  expect(a).toBe(0);
  expect(c + d).toBe(pdf.length);
  const at = text.lastIndexOf('/ByteRange');
  const hex = pdf
    .subarray(a + b + 1, c - 1)
    .toString('latin1')
    .trim();
  const padded = Buffer.from(hex, 'hex');
  // The placeholder is zero-padded: keep the DER SEQUENCE only.
  const lengthBytes = padded[1] & 0x7f;
  const length = padded[1] & 0x80 ? padded.readUIntBE(2, lengthBytes) : padded[1];
  const headerLength = padded[1] & 0x80 ? 2 + lengthBytes : 2;
  return {
    content: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
    cms: padded.subarray(0, headerLength + length),
    subFilter: /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(
      text.slice(text.lastIndexOf(' obj', at)),
    )?.[1],
  };
}

/** OpenSSL's `cms -verify` over the byte range: the independent verifier (trusting `certificatePem`, else nothing). */
function opensslVerify(dir: string, content: Buffer, cms: Buffer, certificatePem?: string) {
  writeFileSync(join(dir, 'content.bin'), content);
  writeFileSync(join(dir, 'signature.der'), cms);
  const trust = certificatePem
    ? (writeFileSync(join(dir, 'seal.pem'), certificatePem),
      ['-CAfile', join(dir, 'seal.pem'), '-purpose', 'any'])
    : ['-noverify'];
  const args = ['cms', '-verify', '-binary', '-inform', 'DER', '-in', join(dir, 'signature.der')];
  args.push('-content', join(dir, 'content.bin'), ...trust, '-out', join(dir, 'out.bin'));
  try {
    execFileSync('openssl', args, { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

describe('PdfSealerService (CMS built with @peculiar/asn1-cms, RSA in node:crypto)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'prosign-seal-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('seals a PAdES B-T signature that OpenSSL verifies over the byte range, with the seal certificate', async () => {
    const service = sealer();
    const sealed = await service.seal(await twoPagePdf(), {
      signingTime: SIGNING_TIME,
      reason: 'Signed agreement and audit trail, sealed by ProSign',
      location: 'San Francisco, CA',
      contactInfo: 'records@example.com',
    });
    const { content, cms, subFilter } = extractSignature(sealed);
    expect(subFilter).toBe('ETSI.CAdES.detached');
    expect(opensslVerify(dir, content, cms)).toBe(true);
    expect(opensslVerify(dir, content, cms, await service.certificatePem())).toBe(true);

    const printed = execFileSync(
      'openssl',
      ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', join(dir, 'signature.der')],
      { encoding: 'utf8' },
    );
    for (const attribute of [
      'contentType (1.2.840.113549.1.9.3)',
      'signingTime (1.2.840.113549.1.9.5)',
      'messageDigest (1.2.840.113549.1.9.4)',
      '(1.2.840.113549.1.9.16.2.47)', // signing-certificate-v2
      'id-smime-aa-timeStampToken (1.2.840.113549.1.9.16.2.14)', // unsigned: the B-T token
    ]) {
      expect(printed).toContain(attribute);
    }
    expect(printed).toContain('UTCTIME:Mar 14 17:26:53 2026 GMT');
    expect(printed).toContain('CN=ProSign Seal (unit test), O=ProSign');
  });

  it('with a seal certificate from the local root, the chain verifies against that root alone', async () => {
    const service = sealer(await PKI.issueSealP12('ProSign Seal (local root, unit)'));
    const sealed = await service.seal(await twoPagePdf(), {
      signingTime: SIGNING_TIME,
      reason: 'r',
      location: 'l',
      contactInfo: 'c',
    });
    const { content, cms } = extractSignature(sealed);
    const rootPem = (await PKI.load()).record.rootCertificatePem;
    expect(opensslVerify(dir, content, cms, rootPem)).toBe(true);
    expect(await service.certificatePem()).toContain('BEGIN CERTIFICATE');
  });

  it('seals nothing without a time-stamp: the error says sealing waits for the time-stamp service', async () => {
    const down: TimestampPort = {
      adapter: 'rfc3161',
      timestamp: () =>
        Promise.reject(new TimestampUnavailableError('http://tsa.example/: unreachable')),
    };
    const attempt = sealer(SEAL, down).seal(await twoPagePdf(), {
      signingTime: SIGNING_TIME,
      reason: 'r',
      location: 'l',
      contactInfo: 'c',
    });
    await expect(attempt).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(attempt).rejects.toThrow(
      `${TIMESTAMP_WAITING_MESSAGE}: No time-stamp authority answered: http://tsa.example/: unreachable`,
    );
  });

  it('a tampered byte of the signed range fails the verification', async () => {
    const sealed = await sealer().seal(await twoPagePdf(), {
      signingTime: SIGNING_TIME,
      reason: 'r',
      location: 'l',
      contactInfo: 'c',
    });
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf('Audit trail page', 0, 'latin1');
    tampered[at > 0 ? at : 200] ^= 0x01;
    const { content, cms } = extractSignature(tampered);
    expect(opensslVerify(dir, content, cms)).toBe(false);
  });

  it('merges and seals in one pass, repeatably (all but the time-stamped signature), with the page count', async () => {
    const service = sealer();
    const page = await twoPagePdf();
    const options = { signingTime: SIGNING_TIME, reason: 'r', location: 'l', contactInfo: 'c' };
    const meta = { title: 'Agreement', date: SIGNING_TIME };
    const first = await service.mergeAndSeal([page, page], meta, options);
    const second = await service.mergeAndSeal([page, page], meta, options);
    expect(first.pageCount).toBe(4);
    // Each seal has its own time-stamp (serial, nonce), so only the signed bytes repeat.
    const { content, cms } = extractSignature(first.pdf);
    expect(extractSignature(second.pdf).content.equals(content)).toBe(true);
    expect(opensslVerify(dir, content, cms)).toBe(true);
  });

  describe('SEAL_LEVEL', () => {
    it('B-B: the CAdES signature alone, no time-stamp, over the whole file', async () => {
      const sealed = await sealer(SEAL, LOCAL_TSA, 'B-B').seal(await twoPagePdf(), OPTIONS);
      expect(signatureKinds(sealed)).toEqual(['Sig ETSI.CAdES.detached']);
      const { content, cms } = extractSignature(sealed);
      expect(opensslVerify(dir, content, cms)).toBe(true);
      writeFileSync(join(dir, 'signature.der'), cms);
      const printed = execFileSync(
        'openssl',
        ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', join(dir, 'signature.der')],
        { encoding: 'utf8' },
      );
      expect(printed).not.toContain('timeStampToken');
      expect(sealed.toString('latin1')).not.toContain('/DSS');
    });

    it('B-LT: a DSS revision after the seal; B-LTA: a document time-stamp over the whole file after it', async () => {
      const issued = await PKI.issueSealP12('ProSign Seal (levels, unit)');
      const lt = await sealer(issued, LOCAL_TSA, 'B-LT').seal(await twoPagePdf(), OPTIONS);
      expect(signatureKinds(lt)).toEqual(['Sig ETSI.CAdES.detached']);
      expect(lt.toString('latin1')).toMatch(/\/DSS \d+ 0 R/);
      expect(lt.toString('latin1').match(/%%EOF/g)).toHaveLength(2);

      const lta = await sealer(issued, LOCAL_TSA, 'B-LTA').seal(await twoPagePdf(), OPTIONS);
      expect(signatureKinds(lta)).toEqual(['Sig ETSI.CAdES.detached', 'DocTimeStamp ETSI.RFC3161']);
      expect(lta.toString('latin1').match(/%%EOF/g)).toHaveLength(3);
      // The document time-stamp's range is the whole file but its token (extractSignature
      // checks), and OpenSSL verifies the token over it against the local root.
      const { content, cms } = extractSignature(lta);
      const rootPem = (await PKI.load()).record.rootCertificatePem;
      writeFileSync(join(dir, 'token.der'), cms);
      writeFileSync(join(dir, 'data.bin'), content);
      writeFileSync(join(dir, 'root.pem'), rootPem);
      const verified = execFileSync(
        'openssl',
        ['ts', '-verify', '-token_in', '-in', join(dir, 'token.der')].concat([
          '-data',
          join(dir, 'data.bin'),
          '-CAfile',
          join(dir, 'root.pem'),
        ]),
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(verified).toContain('Verification: OK');
      // pdf-lib still reads the file, with the DSS in its catalog.
      const reread = await PDFDocument.load(lta);
      expect(reread.getPageCount()).toBe(2);
      expect(reread.catalog.toString()).toContain('/DSS');
    });

    it('an archive is extended: the last time-stamp’s chain and CRL join the DSS, a new document time-stamp covers the whole file, earlier bytes unchanged', async () => {
      const issued = await PKI.issueSealP12('ProSign Seal (archive, unit)');
      const lta = await sealer(issued, LOCAL_TSA, 'B-LTA').seal(await twoPagePdf(), OPTIONS);
      const firstStamp = lastDocumentTimestamp(lta)!;
      expect(firstStamp.certificates.length).toBeGreaterThan(0);
      const expiry = lastDocumentTimestampExpiry(lta)!;
      // The local TSA's certificate (10 years) ends before its root (20).
      const tsa = firstStamp.certificates
        .map((der) => new X509Certificate(der))
        .find((certificate) => certificate.keyUsage?.includes('1.3.6.1.5.5.7.3.8'))!;
      expect(expiry.getTime()).toBe(new Date(tsa.validTo).getTime());

      const extended = await sealer(issued, LOCAL_TSA, 'B-LTA').extendArchive(lta);
      expect(extended.subarray(0, lta.length).equals(lta)).toBe(true);
      expect(signatureKinds(extended)).toEqual([
        'Sig ETSI.CAdES.detached',
        'DocTimeStamp ETSI.RFC3161',
        'DocTimeStamp ETSI.RFC3161',
      ]);
      expect(extended.toString('latin1').match(/%%EOF/g)).toHaveLength(5);
      // The new token verifies (OpenSSL) over the whole file but itself.
      const { content, cms } = extractSignature(extended);
      writeFileSync(join(dir, 'token2.der'), cms);
      writeFileSync(join(dir, 'data2.bin'), content);
      writeFileSync(join(dir, 'root2.pem'), (await PKI.load()).record.rootCertificatePem);
      const verified = execFileSync(
        'openssl',
        ['ts', '-verify', '-token_in', '-in', join(dir, 'token2.der'), '-data'].concat([
          join(dir, 'data2.bin'),
          '-CAfile',
          join(dir, 'root2.pem'),
        ]),
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(verified).toContain('Verification: OK');
      // The DSS keeps the seal's entry and adds one for the first document time-stamp.
      const vriKeys = [...extended.toString('latin1').matchAll(/\/([0-9A-F]{40}) <</g)].map(
        (match) => match[1],
      );
      const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex').toUpperCase();
      expect(vriKeys).toContain(sha1(firstStamp.token));
      const reread = await PDFDocument.load(extended);
      const dss = reread.catalog.lookup(PDFName.of('DSS'), PDFDict);
      const vri = dss.lookup(PDFName.of('VRI'), PDFDict);
      expect(vri.keys().map((key) => key.decodeText())).toHaveLength(2);
      expect(vri.has(PDFName.of(sha1(firstStamp.token)))).toBe(true);
      // Certificates already in the DSS are not added twice.
      const certs = dss.lookup(PDFName.of('Certs'), PDFArray);
      const ders = certs
        .asArray()
        .map((ref) => Buffer.from((reread.context.lookup(ref) as PDFRawStream).contents));
      expect(new Set(ders.map((der) => der.toString('hex'))).size).toBe(ders.length);
      // A file that does not end with a document time-stamp is not an archive to extend.
      const lt = await sealer(issued, LOCAL_TSA, 'B-LT').seal(await twoPagePdf(), OPTIONS);
      expect(lastDocumentTimestamp(lt)).toBeNull();
      await expect(sealer(issued, LOCAL_TSA, 'B-LTA').extendArchive(lt)).rejects.toThrow(
        /does not end with a document time-stamp/,
      );
    });

    it('certificates of the local root name its CRL; a root stored before (no distribution point) still gets its CRL in the DSS', async () => {
      const rootCrlUrl = 'http://localhost:3000/api/timestamp/root.crl';
      const { record } = await PKI.load();
      expect(crlDistributionPointUrls(new X509Certificate(record.tsaCertificatePem))).toEqual([
        rootCrlUrl,
      ]);
      const issued = await PKI.issueSealP12('ProSign Seal (CDP, unit)');
      const sealPem = await sealer(issued).certificatePem();
      expect(crlDistributionPointUrls(new X509Certificate(sealPem))).toEqual([rootCrlUrl]);
      const crl = await PKI.crl();
      expect(crlIssuedBy(crl, new X509Certificate(record.rootCertificatePem))).toBe(true);

      // A root, TSA and seal certificate generated before distribution points were written.
      const legacy = new LocalPki(null, { _id: 'legacy', ...generateLocalPki() });
      const legacyTsa = (await legacy.load()).tsa.certificate;
      expect(crlDistributionPointUrls(legacyTsa)).toEqual([]);
      const legacySeal = await legacy.issueSealP12('ProSign Seal (legacy, unit)');
      const legacyPort = timestampPortFor(
        { TIMESTAMP_ADAPTER: 'local', TSA_URLS: [], TSA_TIMEOUT_MS: 1000 },
        legacy,
      );
      const sealed = await sealer(legacySeal, legacyPort, 'B-LTA', legacy).seal(
        await twoPagePdf(),
        OPTIONS,
      );
      // The DSS streams are raw: the root's CRL is in the file as its bytes.
      expect(sealed.includes(await legacy.crl())).toBe(true);
    });

    it('a certificate whose CRL cannot be had stops the seal: it waits, never a lower level', async () => {
      const unreachable: RevocationPort = {
        crlsFor: () =>
          Promise.reject(
            new RevocationUnavailableError('No CRL for CN=x: http://crl.example/: unreachable'),
          ),
      };
      const issued = await PKI.issueSealP12('ProSign Seal (no CRL, unit)');
      const attempt = sealer(issued, LOCAL_TSA, 'B-LTA', PKI, unreachable).seal(
        await twoPagePdf(),
        OPTIONS,
      );
      await expect(attempt).rejects.toBeInstanceOf(ServiceUnavailableException);
      await expect(attempt).rejects.toThrow(
        `${REVOCATION_WAITING_MESSAGE}: No CRL for CN=x: http://crl.example/: unreachable`,
      );
    });
  });
});
