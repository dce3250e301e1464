import type { SowCardView } from '@prosign/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
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

function sow(overrides: Partial<SowCardView> = {}): SowCardView {
  return {
    _id: 'sow-1',
    family: 'sow',
    customId: 'cust-1',
    status: 'not-signed',
    cp_email: 'mei.lin@partners.example.com',
    summary: { recipientEmail: 'mei.lin@partners.example.com' },
    ...overrides,
  } as SowCardView;
}

function page(rows: SowCardView[]) {
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

describe('the SOW family of the agreement hooks', () => {
  it('lists SOWs from GET /api/sow/get-contracts (filteredContracts) with the list query', async () => {
    const listed = sow();
    const { client, wrapper } = setup({
      'GET /api/sow/get-contracts': () => ({ ...page([listed]), totalPages: 3, total: 51 }),
    });
    const query = {
      page: 2,
      limit: 25,
      search: 'mei',
      filters: ['signatureSaved', 'notSigned'] as const,
    };
    const { result } = renderHook(() => useAgreementList('sow', query), { wrapper });
    await waitFor(() => expect(result.current.data?.rows).toEqual([listed]));
    expect(result.current.data).toMatchObject({ totalPages: 3, total: 51 });
    expect(client.calls[0].query).toEqual({
      page: 2,
      limit: 25,
      search: 'mei',
      filters: 'signatureSaved,notSigned',
    });
  });

  it.each([
    ['sendReminder', '/api/sow/send-reminder'],
    ['cancel', '/api/sow/cancel-contract'],
    ['void', '/api/sow/void-contract'],
    ['markAsSigned', '/api/sow/manual-signed'],
    ['delete', '/api/sow/delete-contract'],
    ['resend', '/api/sow/update-resend'],
    ['editAndResend', '/api/sow/update-edit-resend'],
  ] as const)('runs %s of a SOW as POST %s with its _id', async (action, path) => {
    const { client, queryClient, wrapper } = setup({ [`POST ${path}`]: () => ({ ok: true }) });
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useAgreementAction('sow'), { wrapper });
    await act(() => result.current.run(action, sow()));
    expect(client.calls).toEqual([
      expect.objectContaining({ method: 'POST', path, body: { id: 'sow-1' } }),
    ]);
    expect(invalidate).toHaveBeenCalledTimes(action === 'editAndResend' ? 0 : 1);
    if (action !== 'editAndResend') {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: agreementKeys.family('sow') });
    }
  });

  it('reads one SOW fresh from the list, found by its partner e-mail, else keeps the listed card', async () => {
    const listed = sow();
    const fresh = sow({ status: 'void', voidDocLink: 'http://api.test/d/void/edit' });
    let rows = [sow({ _id: 'other' }), fresh];
    const { client, queryClient, wrapper } = setup({
      'GET /api/sow/get-contracts': () => page(rows),
    });
    const { result } = renderHook(() => useAgreement('sow', listed), { wrapper });
    expect(result.current).toBe(listed);
    await waitFor(() => expect(result.current.status).toBe('void'));
    expect(client.calls[0].query).toEqual({
      page: 1,
      limit: 100,
      search: 'mei.lin@partners.example.com',
      filters: 'all',
    });

    // Deleted meanwhile: what was listed stays on screen.
    rows = [];
    await act(() => queryClient.invalidateQueries({ queryKey: agreementKeys.one('sow', 'sow-1') }));
    await waitFor(() => expect(result.current).toEqual(listed));
  });

  it('refreshes the SOW lists on a contract-changed event of family sow only', () => {
    const { queryClient, wrapper } = setup();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    renderHook(() => useAgreementLive('sow'), { wrapper });
    act(() =>
      listeners.get('contract-changed')?.({
        family: 'standard',
        id: 'sow-1',
        status: 'signed',
        at: '',
      }),
    );
    expect(invalidate).not.toHaveBeenCalled();
    act(() =>
      listeners.get('contract-changed')?.({ family: 'sow', id: 'sow-1', status: 'signed', at: '' }),
    );
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      agreementKeys.one('sow', 'sow-1'),
      agreementKeys.lists('sow'),
    ]);
  });
});
