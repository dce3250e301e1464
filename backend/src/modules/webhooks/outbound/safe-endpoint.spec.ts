import { checkEndpoint } from './safe-endpoint';
import type { ResolvedAddress } from './safe-endpoint';

const resolvesTo =
  (...addresses: string[]) =>
  async (): Promise<ResolvedAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

// The refusals are walked, with proof that nothing connects, in safe-http-post.spec.ts.
describe('checkEndpoint', () => {
  it('allows https to a host whose addresses are all public, pinning the first', async () => {
    const check = await checkEndpoint(
      'https://hooks.example.com/prosign',
      { allowLoopback: false },
      resolvesTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'),
    );

    expect(check).toMatchObject({
      allowed: true,
      address: { address: '93.184.215.14', family: 4 },
    });
  });

  it('allows a public address just outside each private range', async () => {
    for (const address of ['172.32.0.1', '100.128.0.1', '11.0.0.1', '192.169.0.1', 'fe00::1']) {
      const check = await checkEndpoint(
        'https://hooks.example.com/',
        { allowLoopback: false },
        resolvesTo(address),
      );
      expect({ address, allowed: check.allowed }).toEqual({ address, allowed: true });
    }
  });

  it('allows loopback, over http or https, only when the policy says so', async () => {
    const local = { allowLoopback: true };

    await expect(checkEndpoint('http://127.0.0.1:4010/inbox', local)).resolves.toMatchObject({
      allowed: true,
    });
    await expect(checkEndpoint('https://[::1]:4010/inbox', local)).resolves.toMatchObject({
      allowed: true,
      address: { address: '::1', family: 6 },
    });
    await expect(
      checkEndpoint('http://127.0.0.1:4010/inbox', { allowLoopback: false }),
    ).resolves.toMatchObject({ allowed: false, reason: 'The endpoint must use https.' });
  });
});
