import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LocalPki, type TimestampPort } from '../../../integrations/timestamp';
import {
  revocationPortFor,
  timestampPortFor,
} from '../../../integrations/timestamp/timestamp.module';
import type { AppConfig, SealLevel } from '../../../platform/config/app-config';
import { generateSelfSignedP12, PdfSealerService } from './pdf-sealer.service';
import type { SealCertificateRepository } from './seal-certificate.repository';
import { sealReportOf } from './seal-report';

const PKI = LocalPki.inMemory('http://localhost:3000/api/timestamp/root.crl');
const LOCAL_TSA: TimestampPort = timestampPortFor(
  { TIMESTAMP_ADAPTER: 'local', TSA_URLS: [], TSA_TIMEOUT_MS: 1000 },
  PKI,
);

function sealer(seal: { p12Base64: string; passphrase: string }, level: SealLevel) {
  const config = {
    SEAL_P12_BASE64: seal.p12Base64,
    SEAL_P12_PASSPHRASE: seal.passphrase,
    NODE_ENV: 'test',
    SEAL_LEVEL: level,
  } as unknown as AppConfig;
  return new PdfSealerService(
    config,
    null as unknown as SealCertificateRepository,
    LOCAL_TSA,
    PKI,
    revocationPortFor({ TSA_TIMEOUT_MS: 1000 }, PKI),
  );
}

async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of ['Agreement page', 'Audit trail page']) {
    doc.addPage().drawText(text, { x: 72, y: 700, size: 12, font });
  }
  return doc.save({ useObjectStreams: false });
}

const SEAL_NAME = 'ProSign Seal (report, unit)';

describe('sealReportOf (what a sealed PDF carries, for the verify page)', () => {
  let issued: Awaited<ReturnType<LocalPki['issueSealP12']>>;
  const sealed: Partial<Record<SealLevel, Buffer>> = {};
  let sealedAt: Date;
  /** When each level's seal began and ended: its authority's time lies within. */
  const sealWindow: Partial<Record<SealLevel, { from: number; to: number }>> = {};

  beforeAll(async () => {
    issued = await PKI.issueSealP12(SEAL_NAME);
    sealedAt = new Date();
    const options = { signingTime: sealedAt, reason: 'r', location: 'l', contactInfo: 'c' };
    for (const level of ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const) {
      const from = Date.now();
      sealed[level] = await sealer(issued, level).seal(await twoPagePdf(), options);
      sealWindow[level] = { from, to: Date.now() };
    }
  });

  it.each(['B-B', 'B-T', 'B-LT', 'B-LTA'] as const)(
    'reads a seal made at %s as that level, intact, by the seal certificate',
    async (level) => {
      const report = await sealReportOf(sealed[level]!);
      expect(report).toMatchObject({
        found: true,
        intact: true,
        level,
        signer: SEAL_NAME,
        claimedAt: new Date(Math.floor(sealedAt.getTime() / 1000) * 1000).toISOString(),
        changedAfterSealing: false,
        localRoot: true,
        problems: [],
      });
    },
  );

  it('B-B: no authority time; the chain is checked at the time the seal claims, seal then local root', async () => {
    const report = await sealReportOf(sealed['B-B']!);
    expect(report.timestampedAt).toBeNull();
    expect(report.timestampAuthority).toBeNull();
    expect(report.dss).toBeNull();
    expect(report.chains).toHaveLength(1);
    const [chain] = report.chains;
    expect(chain).toMatchObject({ role: 'seal', checkedAt: report.claimedAt, complete: true });
    expect(chain.certificates.map((c) => [c.subject, c.selfSigned, c.localRoot])).toEqual([
      [SEAL_NAME, false, false],
      [expect.stringMatching(/^ProSign Local Root CA /), true, true],
    ]);
    expect(chain.certificates[0].issuer).toBe(chain.certificates[1].subject);
    expect(chain.certificates.every((c) => c.validAtTime)).toBe(true);
    // No CRL in the file below B-LT.
    expect(chain.certificates.map((c) => c.revocation)).toEqual(['unknown', 'root']);
  });

  it('B-T: the time and name of the time-stamp authority, and its chain, each certificate valid then', async () => {
    const report = await sealReportOf(sealed['B-T']!);
    const at = new Date(report.timestampedAt!).getTime();
    // Stamped while that seal was made (the authority's time has whole seconds), however slowly.
    const { from, to } = sealWindow['B-T']!;
    expect(at).toBeGreaterThanOrEqual(Math.floor(from / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(to);
    expect(report.timestampAuthority).toMatch(/^ProSign Local Time-Stamp Authority/);
    expect(report.chains.map((chain) => chain.role)).toEqual(['seal', 'timestamp']);
    for (const chain of report.chains) {
      expect(chain.checkedAt).toBe(report.timestampedAt);
      expect(chain.complete).toBe(true);
      expect(chain.certificates.every((c) => c.validAtTime)).toBe(true);
    }
    const tsa = report.chains[1].certificates;
    expect(tsa[0].subject).toBe(report.timestampAuthority);
    expect(tsa.at(-1)!.localRoot).toBe(true);
  });

  it('B-LT: the document security store, and each certificate not revoked by its CRL there', async () => {
    const report = await sealReportOf(sealed['B-LT']!);
    expect(report.dss).toEqual({
      certificates: expect.any(Number),
      crls: expect.any(Number),
      ocsps: 0,
      vri: 1,
    });
    expect(report.dss!.certificates).toBeGreaterThanOrEqual(3);
    expect(report.dss!.crls).toBeGreaterThanOrEqual(1);
    expect(report.documentTimestamps).toEqual([]);
    for (const chain of report.chains) {
      expect(chain.certificates.map((c) => c.revocation)).toEqual([
        ...chain.certificates.slice(1).map(() => 'good'),
        'root',
      ]);
    }
  });

  it('B-LTA: the document time-stamp, valid, after the seal; an archive extension adds another', async () => {
    const report = await sealReportOf(sealed['B-LTA']!);
    expect(report.documentTimestamps).toEqual([
      { at: expect.any(String), authority: report.timestampAuthority, valid: true },
    ]);
    expect(new Date(report.documentTimestamps[0].at).getTime()).toBeGreaterThanOrEqual(
      new Date(report.timestampedAt!).getTime(),
    );

    const extended = await sealer(issued, 'B-LTA').extendArchive(sealed['B-LTA']!);
    const again = await sealReportOf(extended);
    expect(again.level).toBe('B-LTA');
    expect(again.documentTimestamps).toHaveLength(2);
    expect(again.documentTimestamps.every((stamp) => stamp.valid)).toBe(true);
    expect(again.problems).toEqual([]);
  });

  it('a byte changed under the seal: not intact, no level, and says so', async () => {
    const pdf = Buffer.from(sealed['B-LTA']!);
    const at = pdf.indexOf('Agreement page', 0, 'latin1');
    // The page text is in a compressed stream: change a byte of the page's content instead.
    const target = at >= 0 ? at : pdf.indexOf('stream', 0, 'latin1') + 10;
    pdf[target] ^= 0x01;
    const report = await sealReportOf(pdf);
    expect(report.found).toBe(true);
    expect(report.intact).toBe(false);
    expect(report.level).toBeNull();
    expect(report.problems).toContain(
      'The file was changed after it was sealed: the sealed bytes do not match.',
    );
    // The document time-stamp covers that byte too.
    expect(report.documentTimestamps.map((stamp) => stamp.valid)).toEqual([false]);
  });

  it('a seal whose signature data was damaged: found, not intact, and says so', async () => {
    const pdf = Buffer.from(sealed['B-T']!);
    const [, b] = /\/ByteRange\s*\[\s*0\s+(\d+)/.exec(pdf.toString('latin1'))!;
    pdf.write('zz', Number(b) + 40, 'latin1');
    const report = await sealReportOf(pdf);
    expect(report).toMatchObject({ found: true, intact: false, level: null });
    expect(report.problems).toContain('The seal’s signature data cannot be read.');
  });

  it('bytes added after the last time-stamp: the seal still holds, and the addition is named', async () => {
    const pdf = Buffer.concat([
      sealed['B-LTA']!,
      Buffer.from('\n9999 0 obj\n<< /Added true >>\nendobj\n%%EOF\n', 'latin1'),
    ]);
    const report = await sealReportOf(pdf);
    expect(report.problems).toEqual([
      'Something was added to the file after its last signature or time-stamp; nothing vouches for it.',
    ]);
    expect(report.intact).toBe(true);
    expect(report.level).toBe('B-LTA');
    expect(report.changedAfterSealing).toBe(true);
    expect(report.problems).toEqual([
      'Something was added to the file after its last signature or time-stamp; nothing vouches for it.',
    ]);
  });

  it('B-LT: its DSS revision is expected after the seal; anything else there is named', async () => {
    const lt = sealed['B-LT']!;
    expect((await sealReportOf(lt)).changedAfterSealing).toBe(false);
    const added = Buffer.concat([
      lt,
      Buffer.from(
        '\n9999 0 obj\n<< /Type /Annot /Subtype /Text /Contents (hi) >>\nendobj\n%%EOF\n',
        'latin1',
      ),
    ]);
    const report = await sealReportOf(added);
    expect(report).toMatchObject({ intact: true, level: 'B-LT', changedAfterSealing: true });

    // The DSS revision's catalog may name the DSS, nothing more.
    const text = lt.toString('latin1');
    const at = text.lastIndexOf('/DSS ');
    const opening = Buffer.from(
      `${text.slice(0, at)}/OpenAction 99 0 R ${text.slice(at)}`,
      'latin1',
    );
    expect(await sealReportOf(opening)).toMatchObject({ level: 'B-LT', changedAfterSealing: true });
  });

  it('an upload built to be costly is read in bounded time: many byte ranges, unclosed objects', async () => {
    // CPU time, not the clock: other suites beside this one must not decide the result.
    const started = process.cpuUsage();
    const junk = Buffer.concat([
      sealed['B-LTA']!,
      Buffer.from('/ByteRange [0 1 2 3] '.repeat(100_000), 'latin1'),
      Buffer.from('1 0 obj << /Catalog '.repeat(100_000), 'latin1'),
    ]);
    const report = await sealReportOf(junk);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(5000);
    expect(report).toMatchObject({ found: true, intact: true, changedAfterSealing: true });
  });

  it('a file without a seal, or not a PDF at all', async () => {
    for (const pdf of [Buffer.from(await twoPagePdf()), Buffer.from('hello')]) {
      const report = await sealReportOf(pdf);
      expect(report).toMatchObject({
        found: false,
        intact: false,
        level: null,
        chains: [],
        problems: ['No seal was found in this file.'],
      });
    }
  });

  it('a self-signed seal certificate is its own root, not the local root', async () => {
    const pdf = await sealer(generateSelfSignedP12('Someone Else'), 'B-B').seal(
      await twoPagePdf(),
      { signingTime: new Date(), reason: 'r', location: 'l', contactInfo: 'c' },
    );
    const report = await sealReportOf(pdf);
    expect(report.level).toBe('B-B');
    expect(report.localRoot).toBe(false);
    expect(report.chains[0].certificates).toEqual([
      expect.objectContaining({ subject: 'Someone Else', selfSigned: true, localRoot: false }),
    ]);
  });
});
