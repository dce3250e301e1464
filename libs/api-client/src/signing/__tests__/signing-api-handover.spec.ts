import { fakeApiClient } from '../../testing/fake-api-client';
import { createLinkSigningApi } from '../link-signing';
import { createSigningApi } from '../signing-api';

const PASS = { 'X-Captcha-Pass': 'pass-1' };
const JANE = { name: 'Jane Roe', email: 'jane.roe@example.com', note: 'Jane signs for us.' };
const HANDED = {
  status: 'handed-over',
  recipientId: 'signer-1',
  handedOverTo: { name: JANE.name, email: JANE.email },
  handedOverAt: '2026-11-27T10:00:00.000Z',
  message: 'This link was handed over to Jane Roe.',
};

describe('the hand-over calls', () => {
  it('customer page: posts the token, name, e-mail and note to /api/signing/hand-over with the pass', async () => {
    const client = fakeApiClient({ 'POST /api/signing/hand-over': () => HANDED });
    const handed = await createSigningApi(client, PASS).handOver('tok-1', JANE);
    expect(handed).toMatchObject({ status: 'handed-over', handedOverTo: { name: JANE.name } });
    expect(client.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/signing/hand-over',
        body: { token: 'tok-1', ...JANE },
        headers: PASS,
      }),
    ]);
  });

  it.each(['sow', 'co'] as const)(
    '%s page: posts the name, e-mail and note to /api/%s/hand-over/{customId} with the pass',
    async (family) => {
      const client = fakeApiClient({ [`POST /api/${family}/hand-over/abc-123`]: () => HANDED });
      const handed = await createLinkSigningApi(client, family, PASS).handOver('abc-123', JANE);
      expect(handed.message).toBe(HANDED.message);
      expect(client.calls).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: `/api/${family}/hand-over/abc-123`,
          body: JANE,
          headers: PASS,
        }),
      ]);
    },
  );
});
