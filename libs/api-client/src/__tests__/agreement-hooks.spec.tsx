import type { ContractCardView } from '@prosign/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  AGREEMENT_ENDPOINTS,
  agreementEndpoints,
  agreementKeys,
  ApiProvider,
  useAgreementAction,
  useAgreementList,
  useAgreementLive,
  type RuntimeConfig,
} from '../index';
import { fakeApiClient } from '../testing/fake-api-client';

const listeners = new Map<string, (event: unknown) => void>();
jest.mock('socket.io-client', () => ({
  io: () => ({
    on: (name: string, listener: (event: unknown) => void) => listeners.set(name, listener),
    removeAllListeners: () => listeners.clear(),
    disconnect: jest.fn(),
  }),
}));

const config: RuntimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
};

const contract = { _id: 'agr-1', token: 'tok-1', family: 'standard' } as ContractCardView;

function setup(routes: Parameters<typeof fakeApiClient>[0] = {}) {
  const client = fakeApiClient(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <ApiProvider config={config} client={client} queryClient={queryClient}>
      {children}
    </ApiProvider>
  );
  return { client, queryClient, wrapper };
}

describe('agreement families', () => {
  it('serves the standard, SOW and change-order families', () => {
    expect(Object.keys(AGREEMENT_ENDPOINTS)).toEqual(['standard', 'sow', 'co']);
    expect(agreementEndpoints('standard')).toBe(AGREEMENT_ENDPOINTS.standard);
    expect(agreementEndpoints('co')).toBe(AGREEMENT_ENDPOINTS.co);
  });

  it('lists the standard family from GET /api/user/details as rows', async () => {
    const { client, wrapper } = setup({
      'GET /api/user/details': () => ({
        filteredClients: [contract],
        totalPages: 1,
        total: 1,
        page: 1,
        limit: 25,
      }),
    });
    const query = { page: 1, limit: 25, search: '', filters: ['viewed', 'signed'] as const };
    const { result } = renderHook(() => useAgreementList('standard', query), { wrapper });
    await waitFor(() => expect(result.current.data?.rows).toEqual([contract]));
    expect(client.calls[0].query).toEqual({
      page: 1,
      limit: 25,
      search: undefined,
      filters: 'viewed,signed',
    });
  });

  it.each([
    ['sendReminder', 'POST', '/api/email/send-reminder', { token: 'tok-1' }],
    ['cancel', 'POST', '/api/update/cancel-contract', { token: 'tok-1' }],
    ['void', 'POST', '/api/template/generate-void-pdf', { token: 'tok-1' }],
    [
      'markAsSigned',
      'PUT',
      '/api/user/mark-as-signed',
      { token: 'tok-1', status: 'signed_manually' },
    ],
    ['delete', 'DELETE', '/api/user/mark-as-delete', { token: 'tok-1' }],
    ['resend', 'PUT', '/api/update/resend', { token: 'tok-1' }],
    ['editAndResend', 'PUT', '/api/update/edit-resend', { token: 'tok-1' }],
  ] as const)('runs %s of a standard contract as %s %s', async (action, method, path, body) => {
    const { client, queryClient, wrapper } = setup({ [`${method} ${path}`]: () => ({ ok: true }) });
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useAgreementAction('standard'), { wrapper });
    await act(() => result.current.run(action, contract));
    expect(client.calls).toEqual([expect.objectContaining({ method, path, body })]);
    // Nothing changes until an edited contract is sent; every other action refreshes the family.
    expect(invalidate).toHaveBeenCalledTimes(action === 'editAndResend' ? 0 : 1);
  });

  it('refreshes the changed agreement (by _id) and its family’s lists, and follows presence', () => {
    const { queryClient, wrapper } = setup();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useAgreementLive('standard'), { wrapper });
    expect(result.current.isViewingNow({ _id: 'agr-1', presence: null })).toBe(false);

    act(() =>
      listeners.get('contract-changed')?.({ family: 'sow', id: 'agr-1', status: 'signed', at: '' }),
    );
    expect(invalidate).not.toHaveBeenCalled();
    act(() =>
      listeners.get('contract-changed')?.({
        family: 'standard',
        id: 'agr-1',
        status: 'signed',
        at: '',
      }),
    );
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      agreementKeys.one('standard', 'agr-1'),
      agreementKeys.lists('standard'),
    ]);

    // Connected again after the socket was lost: the family's data is refetched (not on the
    // first connection).
    invalidate.mockClear();
    act(() => listeners.get('connect')?.(undefined));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => listeners.get('connect')?.(undefined));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      agreementKeys.family('standard'),
    ]);

    act(() =>
      listeners.get('signer-presence')?.({ family: 'standard', id: 'agr-1', active: true, at: '' }),
    );
    expect(result.current.isViewingNow({ _id: 'agr-1', presence: null })).toBe(true);
    expect(result.current.isViewingNow({ _id: 'agr-2', presence: { active: true, at: '' } })).toBe(
      true,
    );
  });
});
