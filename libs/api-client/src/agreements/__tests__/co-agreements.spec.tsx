import type { CoCardView } from '@prosign/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  AGREEMENT_ENDPOINTS,
  agreementKeys,
  ApiProvider,
  useAgreement,
  useAgreementAction,
  useAgreementList,
  useAgreementLive,
  type RuntimeConfig,
} from '../../index';
import { fakeApiClient } from '../../testing/fake-api-client';

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

function co(overrides: Partial<CoCardView> = {}): CoCardView {
  return {
    _id: 'co-1',
    family: 'co',
    customId: 'cust-co-1',
    status: 'not signed',
    signatory_email: 'dana.reyes@example.com',
    summary: { recipientEmail: 'dana.reyes@example.com' },
    ...overrides,
  } as CoCardView;
}

function page(rows: CoCardView[]) {
  return { filteredContracts: rows, totalPages: 1, total: rows.length, page: 1, limit: 25 };
}

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

describe('the change-order family of the agreement hooks (Show CO)', () => {
  it('is one more entry of AGREEMENT_ENDPOINTS', () => {
    expect(Object.keys(AGREEMENT_ENDPOINTS).sort()).toEqual(['co', 'sow', 'standard']);
  });

  it('lists change orders from GET /api/co/get-contracts (filteredContracts) with the contract list query', async () => {
    const listed = co();
    const { client, wrapper } = setup({
      'GET /api/co/get-contracts': () => ({ ...page([listed]), totalPages: 2, total: 30 }),
    });
    const query = { page: 2, limit: 10, search: 'dana', filters: ['viewed', 'signed'] as const };
    const { result } = renderHook(() => useAgreementList('co', query), { wrapper });
    await waitFor(() => expect(result.current.data?.rows).toEqual([listed]));
    expect(result.current.data).toMatchObject({ totalPages: 2, total: 30 });
    expect(client.calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/co/get-contracts',
        query: { page: 2, limit: 10, search: 'dana', filters: 'viewed,signed' },
      }),
    ]);
  });

  it.each([
    ['sendReminder', '/api/co/send-reminder'],
    ['cancel', '/api/co/cancel-contract'],
    ['void', '/api/co/void-contract'],
    ['markAsSigned', '/api/co/manual-signed'],
    ['delete', '/api/co/delete-contract'],
    ['resend', '/api/co/update-resend'],
    ['editAndResend', '/api/co/update-edit-resend'],
  ] as const)('runs %s of a change order as POST %s with its _id', async (action, path) => {
    const { client, queryClient, wrapper } = setup({ [`POST ${path}`]: () => ({ ok: true }) });
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useAgreementAction('co'), { wrapper });
    await act(() => result.current.run(action, co()));
    expect(client.calls).toEqual([
      expect.objectContaining({ method: 'POST', path, body: { id: 'co-1' } }),
    ]);
    expect(invalidate).toHaveBeenCalledTimes(action === 'editAndResend' ? 0 : 1);
    if (action !== 'editAndResend') {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: agreementKeys.family('co') });
    }
  });

  it("answers Edit and Resend with the change order's saved form", async () => {
    const contract = { _id: 'co-1', token: '', docLink: 'http://api.test/d/co/edit', deal_id: '7' };
    const { wrapper } = setup({ 'POST /api/co/update-edit-resend': () => ({ contract }) });
    const { result } = renderHook(() => useAgreementAction('co'), { wrapper });
    const answer = await act(() => result.current.run('editAndResend', co()));
    expect(answer.contract).toEqual(contract);
  });

  it('reads one change order fresh from the list, found by its signatory e-mail', async () => {
    const listed = co();
    const fresh = co({ status: 'signed', signedAt: '2026-03-06T20:30:00.000Z' });
    const { client, wrapper } = setup({
      'GET /api/co/get-contracts': () => page([co({ _id: 'other' }), fresh]),
    });
    const { result } = renderHook(() => useAgreement('co', listed), { wrapper });
    expect(result.current).toBe(listed);
    await waitFor(() => expect(result.current.status).toBe('signed'));
    expect(client.calls[0].query).toEqual({
      page: 1,
      limit: 100,
      search: 'dana.reyes@example.com',
      filters: 'all',
    });
  });

  it('refreshes the change-order lists on a contract-changed event of family co only', () => {
    const { queryClient, wrapper } = setup();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    renderHook(() => useAgreementLive('co'), { wrapper });
    act(() =>
      listeners.get('contract-changed')?.({ family: 'sow', id: 'co-1', status: 'signed', at: '' }),
    );
    expect(invalidate).not.toHaveBeenCalled();
    act(() =>
      listeners.get('contract-changed')?.({ family: 'co', id: 'co-1', status: 'signed', at: '' }),
    );
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      agreementKeys.one('co', 'co-1'),
      agreementKeys.lists('co'),
    ]);
  });
});
