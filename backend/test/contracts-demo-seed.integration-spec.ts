import type { INestApplication } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import request from 'supertest';
import { Contract } from '../src/modules/contracts/contract.schema';
import { seedDemoData } from './support/seed';
import { staffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';
import type { ContractCardView } from '@prosign/domain';

/** The demo contracts: every status on the dashboard, real documents, added once. */
describe('demo contracts seeder', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('lists a contract in every status with a previewable document, and re-seeding adds nothing', async () => {
    const first = await seedDemoData(env.config);
    expect(first.join('\n')).toMatch(/12 contracts \(12 new\)/);
    const again = await seedDemoData(env.config);
    expect(again.join('\n')).toMatch(/12 contracts \(0 new\)/);

    ({ app: api } = await startApi(env.config));
    const http = await staffHttp(api, 'admin@prosign.example');
    const res = await http().get('/api/user/details').query({ limit: 25 }).expect(200);
    const cards = res.body.filteredClients as ContractCardView[];
    expect(res.body.total).toBe(12);
    expect(new Set(cards.map((c) => c.status))).toEqual(
      new Set([
        'not signed',
        'viewed',
        'signature_saved',
        'signed',
        'signed_manually',
        'cancelled',
        'expired',
        'resent',
        'void',
      ]),
    );
    const voided = cards.find((c) => c.status === 'void')!;
    expect(voided.voidDocLink).toEqual(expect.any(String));
    // The signed demos went through the real finish: sealed PDF, verify page, signed history.
    const signed = cards.filter((c) => c.status === 'signed');
    expect(signed).toHaveLength(2);
    for (const card of [...signed, voided]) {
      expect(card.signedDocLink).toEqual(expect.any(String));
      expect(card.history.map((h) => h.status)).toContain('signed');
    }
    const verifyId = (await api
      .get(getModelToken(Contract.name), { strict: false })
      .findOne({ token: signed[0].token })
      .lean()) as { verifyId: string };
    const verified = await request(api.getHttpServer())
      .get(`/api/verify/${verifyId.verifyId}`)
      .expect(200);
    expect(verified.body).toMatchObject({
      status: 'signed',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // Preview works: each agreement (and the voided copy) is served as a PDF.
    for (const link of [cards[0].docLink, voided.voidDocLink!, signed[0].signedDocLink!]) {
      const pdf = await http()
        .get(new URL(link).pathname)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
