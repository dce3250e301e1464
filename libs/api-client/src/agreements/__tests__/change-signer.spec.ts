import { fakeApiClient } from '../../testing/fake-api-client';
import { changeSigner } from '../change-signer';

const JANE = { recipientId: 'signer-1', name: 'Jane Roe', email: 'jane.roe@example.com' };
const DONE = {
  status: 'handed-over',
  recipientId: 'signer-1',
  handedOverTo: { name: JANE.name, email: JANE.email },
  handedOverAt: '2026-11-27T10:00:00.000Z',
  message: 'This link was handed over to Jane Roe.',
};

describe('staff Change signer', () => {
  it('names a standard contract by its token', async () => {
    const client = fakeApiClient({ 'POST /api/update/change-signer': () => DONE });
    await changeSigner(client, 'standard', { _id: 'a1', token: 'tok-1' }, JANE);
    expect(client.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/update/change-signer',
        body: { token: 'tok-1', ...JANE },
      }),
    ]);
  });

  it.each(['sow', 'co'] as const)('names a %s agreement by its id', async (family) => {
    const client = fakeApiClient({ [`POST /api/${family}/change-signer`]: () => DONE });
    const done = await changeSigner(client, family, { _id: 'a1' }, { ...JANE, note: 'Left.' });
    expect(done.handedOverTo).toEqual({ name: JANE.name, email: JANE.email });
    expect(client.calls[0]).toMatchObject({
      path: `/api/${family}/change-signer`,
      body: { id: 'a1', ...JANE, note: 'Left.' },
    });
  });
});
