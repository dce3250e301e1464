import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiProvider } from '../../ApiProvider';
import { fakeApiClient } from '../../testing/fake-api-client';
import {
  createLinkSigningApi,
  linkSigningKeys,
  useOpenedSigningLink,
  useSigningLink,
  useSigningLinkFinish,
  useSigningLinkTextSignature,
  verifySigningLink,
} from '../link-signing';
import { createSowSigningApi, sowSigningKeys } from '../sow-signing';

const PASS = { 'X-Captcha-Pass': 'pass-1' };
const VIEW = {
  valid: true,
  linkState: 'open',
  status: 'viewed',
  agreementTitle: 'Change Order 2 — 12 Elm St',
  docLink: 'http://api.test/doc.pdf',
  metrics: { isSignatureSaved: false, isSigned: false, signature: null, initials: null },
  client: { full_name: 'Ana Ruiz', hsDealId: null },
  customId: 'CO 1',
  signatory_name: 'Ana Ruiz',
};

function routes() {
  return fakeApiClient({
    'GET /api/co/verify-link/CO%201': () => ({ valid: true, linkState: 'open' }),
    'POST /api/co/increase-viewed-times/CO%201': () => VIEW,
    'GET /api/co/get-contract/CO%201': () => VIEW,
    'POST /api/co/upload-text-signature/CO%201': () => ({
      message: 'Signature uploaded successfully!',
      metrics: { ...VIEW.metrics, isSignatureSaved: true, signature: 'Ana' },
    }),
    'POST /api/co/finish/CO%201': () => ({
      status: 'signed',
      signedAt: '2026-01-01T00:00:00.000Z',
      signedDocLink: 'http://api.test/final.pdf',
      auditTrailDocLink: 'http://api.test/audit.pdf',
      verifyId: 'v-1',
    }),
    'GET /api/co/create-audit-trail/CO%201': () => ({ docLink: 'http://api.test/audit.pdf' }),
    'POST /api/co/decline/CO%201': () => ({
      status: 'declined',
      linkState: 'declined',
      declinedAt: '2026-01-01T00:00:00.000Z',
      message: 'You declined this agreement. The sender has been told.',
    }),
    'GET /api/sow/get-contract/S1': () => ({ customId: 'S1' }),
  });
}

/** The hooks' providers around a fake client, with a query client of the test's own. */
function providersFor(client: ReturnType<typeof fakeApiClient>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <ApiProvider
        config={{
          apiUrl: 'http://api.test',
          remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
        }}
        client={client}
        queryClient={queryClient}
      >
        {children}
      </ApiProvider>
    );
  };
}

describe('link signing calls per family', () => {
  it('calls /api/co/… with the customId encoded and the pass on every call but verify-link', async () => {
    const client = routes();
    await verifySigningLink(client, 'co', 'CO 1');
    const api = createLinkSigningApi(client, 'co', PASS);
    await api.increaseViewedTimes('CO 1');
    await api.contract('CO 1');
    await api.uploadTextSignature('CO 1', 'Ana Ruiz');
    await api.finish('CO 1');
    await api.auditTrail('CO 1');
    expect(client.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/co/verify-link/CO%201',
      'POST /api/co/increase-viewed-times/CO%201',
      'GET /api/co/get-contract/CO%201',
      'POST /api/co/upload-text-signature/CO%201',
      'POST /api/co/finish/CO%201',
      'GET /api/co/create-audit-trail/CO%201',
    ]);
    expect(client.calls[0]?.headers ?? {}).not.toHaveProperty('X-Captcha-Pass');
    expect(client.calls.slice(1).every((call) => call.headers === PASS)).toBe(true);
    expect(client.calls[3]?.body).toEqual({ textSignature: 'Ana Ruiz' });
    expect(client.calls[4]?.body).toEqual({ agreedToTerms: true });
  });

  it('declines with the reason, with the pass', async () => {
    const client = routes();
    const declined = await createLinkSigningApi(client, 'co', PASS).decline('CO 1', 'Too costly.');
    expect(declined.linkState).toBe('declined');
    expect(client.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/co/decline/CO%201',
      body: { reason: 'Too costly.' },
      headers: PASS,
    });
  });

  it('keeps the SOW names: same paths under /api/sow and the same query keys', async () => {
    const client = routes();
    await createSowSigningApi(client, PASS).contract('S1');
    expect(client.calls[0]?.path).toBe('/api/sow/get-contract/S1');
    expect(sowSigningKeys.opened('S1')).toEqual(['sow-signing', 'opened', 'S1']);
    expect(linkSigningKeys('co').opened('S1')).toEqual(['co-signing', 'opened', 'S1']);
  });

  it('the hooks open the change order once and follow the signature and the finish', async () => {
    const client = routes();
    const wrapper = providersFor(client);
    const { result } = renderHook(
      () => ({
        link: useSigningLink('co', 'CO 1'),
        opened: useOpenedSigningLink('co', 'CO 1', PASS),
        save: useSigningLinkTextSignature('co', 'CO 1', PASS),
        finish: useSigningLinkFinish('co', 'CO 1', PASS),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.opened.data?.signatory_name).toBe('Ana Ruiz'));
    expect(result.current.link.data?.linkState).toBe('open');
    await act(() => result.current.save.mutateAsync('Ana'));
    await waitFor(() => expect(result.current.opened.data?.status).toBe('signature_saved'));
    expect(result.current.opened.data?.metrics.isSignatureSaved).toBe(true);
    await act(() => result.current.finish.mutateAsync());
    await waitFor(() => expect(result.current.opened.data?.linkState).toBe('signed'));
    expect(result.current.opened.data?.metrics.isSigned).toBe(true);
    expect(
      client.calls.filter((call) => call.path.startsWith('/api/co/increase-viewed-times')),
    ).toHaveLength(1);
  });

  it('a finish that is not the last signs the link, not the agreement (nothing to seal yet)', async () => {
    const client = fakeApiClient({
      'POST /api/co/increase-viewed-times/CO%201': () => ({ ...VIEW, status: 'signature_saved' }),
      'POST /api/co/finish/CO%201': () => ({
        status: 'signed',
        signedAt: '2026-01-01T00:00:00.000Z',
        signedDocLink: '',
        auditTrailDocLink: '',
        verifyId: '',
        progress: '1 of 2 signed — waiting for Luis Alvarez',
      }),
    });
    const wrapper = providersFor(client);
    const { result } = renderHook(
      () => ({
        opened: useOpenedSigningLink('co', 'CO 1', PASS),
        finish: useSigningLinkFinish('co', 'CO 1', PASS),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.opened.data).toBeDefined());
    await act(() => result.current.finish.mutateAsync());
    await waitFor(() => expect(result.current.opened.data?.linkState).toBe('signed'));
    expect(result.current.opened.data?.status).toBe('signature_saved');
  });
});
