import type { INestApplication } from '@nestjs/common';
import type { CoListResponse } from '@prosign/domain';
import request from 'supertest';
import { storedByToken } from './support/agreements';
import { seedDemoData } from './support/seed';
import { staffHttp } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv } from './support/test-env';

/**
 * The demo change orders: Show CO on /dashboard lists them in varied statuses,
 * on the demo CO deals the browser tests leave alone, and re-seeding adds none.
 */
describe('demo change orders seeder', () => {
  const env = createTestEnv(__filename);
  let api: INestApplication;

  afterAll(async () => {
    await api?.close();
    await env.cleanup();
  });

  it('lists the demo change orders with their statuses, and re-seeding adds nothing', async () => {
    const first = await seedDemoData(env.config);
    expect(first.join('\n')).toMatch(/demo change orders: 7 change orders \(7 new\)/);
    ({ app: api } = await startApi(env.config));
    const admin = await staffHttp(api, 'admin@prosign.example');
    const listed = async () =>
      (await admin().get('/api/co/get-contracts').query({ page: 1, limit: 10 }).expect(200))
        .body as CoListResponse;
    const links = (list: CoListResponse) =>
      list.filteredContracts.map((card) => [card.customId, card.signingLink]).sort();
    const seededLinks = links(await listed());
    // Each link's token is random (24 bytes, as newLinkToken draws), not a guessable name.
    for (const [customId] of seededLinks) expect(customId).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const again = await seedDemoData(env.config);
    expect(again.join('\n')).toMatch(/demo change orders: 7 change orders \(0 new\)/);
    // The standard demo contracts are still all there, once.
    expect(again.join('\n')).toMatch(/12 contracts \(0 new\)/);
    const list = await listed();
    // The second seeding kept every change order's link.
    expect(links(list)).toEqual(seededLinks);
    expect(list.total).toBe(7);
    const cards = list.filteredContracts;
    expect(cards).toHaveLength(7);
    expect(cards.every((card) => card.family === 'co')).toBe(true);
    expect(cards.map((card) => [card.deal_id, card.status]).sort()).toEqual(
      [
        ['40000102', 'cancelled'],
        ['40000102', 'signed'],
        ['40000103', 'expired'],
        ['40000103', 'viewed'],
        ['40000105', 'not-signed'],
        ['40000105', 'signature_saved'],
        // Signed by the client, waiting for the firm's countersignature.
        ['40000105', 'signature_saved'],
      ].sort(),
    );
    // Only on the deals the browser tests do not send on.
    for (const card of cards) expect(['40000102', '40000103', '40000105']).toContain(card.deal_id);

    // Each carries its deal's label, project address and client signatory, and its document.
    const byDeal = (dealId: string) => cards.filter((card) => card.deal_id === dealId);
    for (const card of byDeal('40000102')) expect(card.coLabel).toBe('Change Order 2');
    for (const card of byDeal('40000103')) expect(card.coLabel).toBe('Change Order 1');
    for (const card of byDeal('40000105')) expect(card.coLabel).toBe('Change Order 3');
    for (const card of cards) {
      expect(card).toMatchObject({
        project_address: expect.any(String),
        signatory_name: expect.any(String),
        signatory_email: expect.stringContaining('@example.com'),
        csm_email: 'csm@prosign.example',
        docLink: expect.any(String),
      });
      expect(card.project_address).not.toBe('');
      expect(card.signingLink).toContain(`/co-signature/${card.customId}`);
      expect(card.history[0]).toMatchObject({ type: 'sent', performedBy: 'csm@prosign.example' });
    }
    // The same deal's change orders share its signatory.
    const [cancelled, signedCo] = byDeal('40000102').sort((a, b) =>
      a.status.localeCompare(b.status),
    );
    expect(cancelled.signatory_email).toBe(signedCo.signatory_email);

    // The signed one went through the real finish: sealed PDF, verify page, signed history.
    expect(signedCo.status).toBe('signed');
    expect(signedCo.signedDocLink).toEqual(expect.any(String));
    expect(signedCo.history.map((h) => h.status)).toContain('signed');
    const stored = await storedByToken(api, signedCo.customId);
    expect(stored?.verifyId).toEqual(expect.any(String));
    const verified = await request(api.getHttpServer())
      .get(`/api/verify/${stored!.verifyId}`)
      .expect(200);
    expect(verified.body).toMatchObject({ status: 'signed' });
    // The stored change order carries the CO template's texts.
    const expired = await storedByToken(
      api,
      byDeal('40000103').find((c) => c.status === 'expired')!.customId,
    );
    expect((expired?.form as { template_start?: string }).template_start).toEqual(
      expect.any(String),
    );

    // Filters work on them as on any change order.
    const signedOnly = (
      await admin()
        .get('/api/co/get-contracts')
        .query({ page: 1, limit: 10, filters: 'signed' })
        .expect(200)
    ).body as CoListResponse;
    expect(signedOnly.filteredContracts.map((c) => c.customId)).toEqual([signedCo.customId]);
  });
});
