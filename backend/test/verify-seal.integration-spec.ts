import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import {
  extractDocId,
  type FinishSigningResponse,
  type VerifyCheckResponse,
  type VerifyDocumentView,
} from '@prosign/domain';
import request from 'supertest';
import { DocumentRepository } from '../src/integrations/documents';
import { ArchiveTimestampsService } from '../src/modules/documents/archive-timestamps.service';
import { PdfSealerService } from '../src/modules/documents/pdf/pdf-sealer.service';
import { AppConfig } from '../src/platform/config/app-config';
import { seedBaseData } from './support/seed';
import {
  PUBLIC_API_URL,
  PUBLIC_SIGNING_URL,
  saveSignatureAndConsent,
  sealedFinish,
  sendContract,
  signerHttp,
} from './support/signing-fixtures';
import { staffHttp } from './support/staff-session';
import { startApi, startWorker } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/** Reads a binary response body into a Buffer. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/**
 * The public verify page shows what the sealed PDF carries — the signing time
 * from the time-stamp authority, the level (B-LTA by default), the chains with each certificate
 * valid at that time — and the upload check shows the same of the file sent: the sealed copy,
 * one changed under its seal, one with bytes added after it.
 */
describe('The verify page reports the seal', () => {
  const env = createTestEnv(__filename, { PUBLIC_API_URL, PUBLIC_SIGNING_URL });
  let api: INestApplication;
  /** Seals what the finish queued. */
  let worker: INestApplicationContext;
  let verifyId: string;
  let signedDocLink: string;
  let finishedAt: number;
  let sealed: Buffer;

  const publicHttp = () => request(api.getHttpServer());

  beforeAll(async () => {
    await seedBaseData(env.config);
    ({ app: api } = await startApi(env.config));
    worker = await startWorker(env.config);
    const csm = await staffHttp(api, 'csm@prosign.example');
    const { token } = await sendContract(csm);
    const signer = signerHttp(api);
    await signer.post('/api/verifyToken').send({ token, prefix: 'contract' }).expect(200);
    await saveSignatureAndConsent(api, token);
    finishedAt = Date.now();
    await signer.post('/api/signing/finish').send({ token }).expect(200);
    const done: FinishSigningResponse = await sealedFinish(api, token);
    verifyId = done.verifyId!;
    signedDocLink = done.signedDocLink!;
    sealed = (
      await publicHttp().get(new URL(signedDocLink).pathname).buffer(true).parse(binary).expect(200)
    ).body as Buffer;
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await env.cleanup();
  });

  it('GET /api/verify/{id}: B-LTA, the local TSA’s time within seconds of signing, every certificate valid then', async () => {
    const view = (await publicHttp().get(`/api/verify/${verifyId}`).expect(200))
      .body as VerifyDocumentView;
    const seal = view.seal!;
    expect(seal).toMatchObject({
      found: true,
      intact: true,
      level: 'B-LTA',
      signer: 'ProSign Document Seal (local)',
      timestampAuthority: expect.stringMatching(/^ProSign Local Time-Stamp Authority /),
      localRoot: true,
      changedAfterSealing: false,
      problems: [],
    });
    expect(Math.abs(new Date(seal.timestampedAt!).getTime() - finishedAt)).toBeLessThan(30_000);
    expect(seal.dss).toMatchObject({ ocsps: 0, vri: 1 });
    expect(seal.documentTimestamps).toEqual([
      { at: expect.any(String), authority: seal.timestampAuthority, valid: true },
    ]);
    expect(seal.chains.map((chain) => chain.role)).toEqual(['seal', 'timestamp']);
    for (const chain of seal.chains) {
      expect(chain.complete).toBe(true);
      expect(chain.checkedAt).toBe(seal.timestampedAt);
      expect(chain.certificates.every((certificate) => certificate.validAtTime)).toBe(true);
      const root = chain.certificates.at(-1)!;
      expect(root).toMatchObject({ selfSigned: true, localRoot: true, revocation: 'root' });
      expect(root.subject).toMatch(/^ProSign Local Root CA /);
      expect(chain.certificates.slice(0, -1).every((c) => c.revocation === 'good')).toBe(true);
    }
    // Public: nothing but names and times.
    expect(JSON.stringify(view)).not.toMatch(/127\.0\.0\.1|::ffff/);
  });

  it('POST /api/verify/{id}/check: the sealed copy matches and carries the same; a changed one neither', async () => {
    const genuine = (
      await publicHttp()
        .post(`/api/verify/${verifyId}/check`)
        .attach('file', sealed, 'signed.pdf')
        .expect(200)
    ).body as VerifyCheckResponse;
    expect(genuine).toMatchObject({ matches: true, seal: { intact: true, level: 'B-LTA' } });

    // A byte of the agreement changed: its seal no longer holds, and the page says so.
    const tampered = Buffer.from(sealed);
    tampered[600] ^= 0x01;
    const changed = (
      await publicHttp()
        .post(`/api/verify/${verifyId}/check`)
        .attach('file', tampered, 'signed.pdf')
        .expect(200)
    ).body as VerifyCheckResponse;
    expect(changed.matches).toBe(false);
    expect(changed.seal).toMatchObject({ found: true, intact: false, level: null });
    expect(changed.seal!.problems.length).toBeGreaterThan(0);

    // Re-saved with something added after the archive time-stamp: the seal and its level hold,
    // and the addition is named.
    const added = Buffer.concat([
      sealed,
      Buffer.from('\n9999 0 obj\n<< /Type /Annot /Subtype /Text >>\nendobj\n%%EOF\n', 'latin1'),
    ]);
    const resaved = (
      await publicHttp()
        .post(`/api/verify/${verifyId}/check`)
        .attach('file', added, 'resaved.pdf')
        .expect(200)
    ).body as VerifyCheckResponse;
    expect(resaved).toMatchObject({
      matches: false,
      seal: { intact: true, level: 'B-LTA', changedAfterSealing: true },
    });
  });

  it('after an archive extension the page reports the new revision, and its file matches', async () => {
    const documents = api.get(DocumentRepository, { strict: false });
    const archives = new ArchiveTimestampsService(
      documents,
      api.get(PdfSealerService, { strict: false }),
      api.get(AppConfig, { strict: false }),
    );
    const record = await documents.get(extractDocId(signedDocLink)!);
    const extension = await archives.extend(record);
    expect(extension?.revision).toBe(record.revision + 1);

    const view = (await publicHttp().get(`/api/verify/${verifyId}`).expect(200))
      .body as VerifyDocumentView;
    expect(view.seal).toMatchObject({ intact: true, level: 'B-LTA', problems: [] });
    expect(view.seal!.documentTimestamps).toHaveLength(2);

    const extended = await documents.readCurrentPdf(await documents.get(record._id));
    const check = (
      await publicHttp()
        .post(`/api/verify/${verifyId}/check`)
        .attach('file', extended!, 'archived.pdf')
        .expect(200)
    ).body as VerifyCheckResponse;
    expect(check.matches).toBe(true);
    expect(check.seal!.documentTimestamps).toHaveLength(2);
  });
});
