import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Model } from 'mongoose';
import type { AppConfig } from '../../../platform/config/app-config';
import { generateSelfSignedP12, PdfSealerService } from './pdf-sealer.service';
import type { SealCertificate } from './seal-certificate.schema';

const SIGNING_TIME = new Date('2026-03-14T17:26:53Z');
const SEAL = generateSelfSignedP12('ProSign Seal (unit test)');

function sealer(): PdfSealerService {
  const config = {
    SEAL_P12_BASE64: SEAL.p12Base64,
    SEAL_P12_PASSPHRASE: SEAL.passphrase,
    NODE_ENV: 'test',
  } as unknown as AppConfig;
  return new PdfSealerService(config, null as unknown as Model<SealCertificate>);
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

/** OpenSSL's `cms -verify` over the byte range: the independent verifier. */
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

  it('seals a PAdES baseline signature that OpenSSL verifies over the byte range, with the seal certificate', async () => {
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
    ]) {
      expect(printed).toContain(attribute);
    }
    expect(printed).toContain('UTCTIME:Mar 14 17:26:53 2026 GMT');
    expect(printed).toContain('CN=ProSign Seal (unit test), O=ProSign');
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

  it('merges and seals in one pass, repeatably, with the page count', async () => {
    const service = sealer();
    const page = await twoPagePdf();
    const options = { signingTime: SIGNING_TIME, reason: 'r', location: 'l', contactInfo: 'c' };
    const meta = { title: 'Agreement', date: SIGNING_TIME };
    const first = await service.mergeAndSeal([page, page], meta, options);
    const second = await service.mergeAndSeal([page, page], meta, options);
    expect(first.pageCount).toBe(4);
    expect(first.pdf.equals(second.pdf)).toBe(true);
    const { content, cms } = extractSignature(first.pdf);
    expect(opensslVerify(dir, content, cms)).toBe(true);
  });
});
