import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Model } from 'mongoose';
import { ServiceUnavailableException } from '@nestjs/common';
import {
  LocalPki,
  TimestampUnavailableError,
  type TimestampPort,
} from '../../../integrations/timestamp';
import { timestampPortFor } from '../../../integrations/timestamp/timestamp.module';
import type { AppConfig } from '../../../platform/config/app-config';
import {
  generateSelfSignedP12,
  PdfSealerService,
  TIMESTAMP_WAITING_MESSAGE,
} from './pdf-sealer.service';
import type { SealCertificate } from './seal-certificate.schema';

const SIGNING_TIME = new Date('2026-03-14T17:26:53Z');
const SEAL = generateSelfSignedP12('ProSign Seal (unit test)');
const PKI = LocalPki.inMemory();
const LOCAL_TSA = timestampPortFor(
  { TIMESTAMP_ADAPTER: 'local', TSA_URLS: [], TSA_TIMEOUT_MS: 1000 },
  PKI,
);

function sealer(
  seal: { p12Base64: string; passphrase: string } = SEAL,
  timestamps: TimestampPort = LOCAL_TSA,
): PdfSealerService {
  const config = {
    SEAL_P12_BASE64: seal.p12Base64,
    SEAL_P12_PASSPHRASE: seal.passphrase,
    NODE_ENV: 'test',
  } as unknown as AppConfig;
  return new PdfSealerService(config, null as unknown as Model<SealCertificate>, timestamps, PKI);
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
    subFilter: /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(text)?.[1],
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
});
