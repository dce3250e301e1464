import type { ApiKeyView, WebhookDeliveryPage, WebhookDeliveryView } from '@prosign/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  ApiProvider,
  apiKeysApi,
  useApiKeyMutations,
  useApiKeys,
  useResendWebhookDelivery,
  useWebhookDeliveries,
  webhooksApi,
  type RuntimeConfig,
} from '../../index';
import { fakeApiClient } from '../../testing/fake-api-client';

const config: RuntimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
};

const KEY: ApiKeyView = {
  id: '665f0c2a9b1e4a0012340001',
  name: 'Accounting sync',
  masked: 'psk_live_Ab12Cd34_…',
  prefix: 'Ab12Cd34',
  scopes: ['agreements:read'],
  ownerEmail: 'admin@prosign.example',
  createdBy: 'admin@prosign.example',
  createdAt: '2026-12-01T17:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  rotatedUntil: null,
  lastUsedAt: null,
  lastUsedFrom: null,
  state: 'active',
};

function delivery(id: string): WebhookDeliveryView {
  return {
    id,
    endpointId: 'e/1',
    eventId: `evt_${id}`,
    eventType: 'agreement.sent',
    state: 'failed',
    createdAt: '2026-12-01T17:00:00.000Z',
    nextAttemptAt: null,
    attempts: [],
    requestBody: '{}',
    responseExcerpt: null,
  };
}

function setup(routes: Parameters<typeof fakeApiClient>[0]) {
  const client = fakeApiClient(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <ApiProvider config={config} client={client} queryClient={queryClient}>
      {children}
    </ApiProvider>
  );
  return { client, wrapper };
}

describe('API keys', () => {
  it('names the key in the path and sends the overlap of a rotation', async () => {
    const client = fakeApiClient({
      'POST /api/api-keys/a%2Fb/rotate': () => ({ key: 'psk_live_x', apiKey: KEY }),
      'POST /api/api-keys/a%2Fb/revoke': () => ({ ...KEY, state: 'revoked' }),
    });
    await apiKeysApi.rotate(client, 'a/b', 48);
    await apiKeysApi.revoke(client, 'a/b');
    expect(client.calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/api-keys/a%2Fb/rotate', body: { overlapHours: 48 } },
      { method: 'POST', path: '/api/api-keys/a%2Fb/revoke', body: undefined },
    ]);
  });

  it('reads the list again after a key is revoked', async () => {
    let keys = [KEY];
    const { client, wrapper } = setup({
      'GET /api/api-keys': () => keys,
      [`POST /api/api-keys/${KEY.id}/revoke`]: () => {
        keys = [{ ...KEY, state: 'revoked' }];
        return keys[0];
      },
    });
    const { result } = renderHook(() => ({ list: useApiKeys(), act: useApiKeyMutations() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.list.data?.[0]?.state).toBe('active'));
    await act(() => result.current.act.revoke.mutateAsync(KEY.id));
    await waitFor(() => expect(result.current.list.data?.[0]?.state).toBe('revoked'));
    expect(client.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });
});

describe('webhooks', () => {
  it('follows the cursor of the delivery log, with the state filter on every page', async () => {
    const pages: Record<string, WebhookDeliveryPage> = {
      first: { items: [delivery('d1')], nextCursor: 'c2' },
      c2: { items: [delivery('d2')], nextCursor: null },
    };
    const { client, wrapper } = setup({
      'GET /api/webhook-endpoints/e%2F1/deliveries': (call) =>
        pages[String(call.query?.cursor ?? 'first')],
    });
    const { result } = renderHook(() => useWebhookDeliveries('e/1', 'failed'), { wrapper });
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(2));
    expect(result.current.data?.pages.flatMap((page) => page.items.map(({ id }) => id))).toEqual([
      'd1',
      'd2',
    ]);
    expect(result.current.hasNextPage).toBe(false);
    expect(client.calls.map((call) => call.query)).toEqual([
      { cursor: undefined, state: 'failed' },
      { cursor: 'c2', state: 'failed' },
    ]);
  });

  it('resends a delivery and reads the log again', async () => {
    let state: WebhookDeliveryView['state'] = 'failed';
    const { client, wrapper } = setup({
      'GET /api/webhook-endpoints/e%2F1/deliveries': () => ({
        items: [{ ...delivery('d1'), state }],
        nextCursor: null,
      }),
      'GET /api/webhook-endpoints': () => [],
      'POST /api/webhook-endpoints/e%2F1/deliveries/d1/resend': () => {
        state = 'pending';
        return { ...delivery('d1'), state };
      },
    });
    const { result } = renderHook(
      () => ({ log: useWebhookDeliveries('e/1'), resend: useResendWebhookDelivery('e/1') }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.log.data?.pages[0]?.items[0]?.state).toBe('failed'));
    await act(() => result.current.resend.mutateAsync('d1'));
    await waitFor(() => expect(result.current.log.data?.pages[0]?.items[0]?.state).toBe('pending'));
    expect(client.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('patches, deletes and rotates under the endpoint id', async () => {
    const client = fakeApiClient({
      'PATCH /api/webhook-endpoints/e%2F1': () => ({}),
      'DELETE /api/webhook-endpoints/e%2F1': () => undefined,
      'POST /api/webhook-endpoints/e%2F1/rotate-secret': () => ({}),
    });
    await webhooksApi.update(client, 'e/1', { enabled: false });
    await webhooksApi.remove(client, 'e/1');
    await webhooksApi.rotateSecret(client, 'e/1');
    expect(client.calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PATCH', '/api/webhook-endpoints/e%2F1', { enabled: false }],
      ['DELETE', '/api/webhook-endpoints/e%2F1', undefined],
      ['POST', '/api/webhook-endpoints/e%2F1/rotate-secret', undefined],
    ]);
  });
});
