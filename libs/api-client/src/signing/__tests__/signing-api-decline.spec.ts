import { fakeApiClient } from '../../testing/fake-api-client';
import { createSigningApi } from '../signing-api';

const PASS = { 'X-Captcha-Pass': 'pass-1' };

describe('the customer page’s decline call', () => {
  it('posts the token and the reason to /api/signing/decline with the pass', async () => {
    const client = fakeApiClient({
      'POST /api/signing/decline': () => ({
        status: 'declined',
        linkState: 'declined',
        declinedAt: '2026-01-01T00:00:00.000Z',
        message: 'You declined this agreement. The sender has been told.',
      }),
    });
    const declined = await createSigningApi(client, PASS).decline('tok-1', 'The fee is wrong.');
    expect(declined).toMatchObject({ status: 'declined', linkState: 'declined' });
    expect(client.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/signing/decline',
        body: { token: 'tok-1', reason: 'The fee is wrong.' },
        headers: PASS,
      }),
    ]);
  });
});
