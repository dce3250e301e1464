import type { StuckOperation, StuckOperationsResponse } from '@prosign/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from '../../client/ApiError';
import {
  ApiProvider,
  stuckOperationsApi,
  useLowerSealLevel,
  useStuckOperations,
  type RuntimeConfig,
} from '../../index';
import { fakeApiClient } from '../../testing/fake-api-client';

const config: RuntimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
};

const WAITING: StuckOperation = {
  agreementId: 'a/1',
  family: 'contract',
  operation: 'finish',
  failedStep: 'merged',
  lastError: 'Sealing is waiting for the time-stamp service',
  attempts: 2,
  failedAt: '2026-11-27T20:00:00.000Z',
  startedAt: '2026-11-27T19:58:00.000Z',
  givenUp: false,
};

function setup(routes: Parameters<typeof fakeApiClient>[0]) {
  const client = fakeApiClient(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <ApiProvider config={config} client={client} queryClient={queryClient}>
      {children}
    </ApiProvider>
  );
  return { client, queryClient, wrapper };
}

describe('stuck operations and lowering a waiting seal', () => {
  it('posts the level and reason under the agreement id', async () => {
    const client = fakeApiClient({
      'POST /api/admin/agreements/a%2F1/seal-level': () => ({
        message: 'Sealed at the lower level.',
        level: 'B-B',
        sealed: true,
      }),
    });
    const answer = await stuckOperationsApi.lowerSealLevel(client, 'a/1', {
      level: 'B-B',
      reason: 'TSA down all day',
    });
    expect(answer.sealed).toBe(true);
    expect(client.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/agreements/a%2F1/seal-level',
      body: { level: 'B-B', reason: 'TSA down all day' },
    });
  });

  it('lowering a seal reads the stuck list again', async () => {
    let list: StuckOperationsResponse = { operations: [WAITING] };
    const { client, wrapper } = setup({
      'GET /api/admin/stuck-operations': () => list,
      'POST /api/admin/agreements/a%2F1/seal-level': () => {
        list = { operations: [] };
        return { message: 'Sealed at the lower level.', level: 'B-T', sealed: true };
      },
    });
    const { result } = renderHook(
      () => ({ stuck: useStuckOperations(), lower: useLowerSealLevel() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.stuck.data?.operations).toHaveLength(1));
    await act(() =>
      result.current.lower.mutateAsync({ agreementId: 'a/1', level: 'B-T', reason: 'why' }),
    );
    await waitFor(() => expect(result.current.stuck.data?.operations).toHaveLength(0));
    expect(client.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('hands a refusal (409) to the caller and keeps the list', async () => {
    const { client, wrapper } = setup({
      'GET /api/admin/stuck-operations': () => ({ operations: [WAITING] }),
      'POST /api/admin/agreements/a%2F1/seal-level': () => {
        throw new ApiError(409, 'This agreement is not waiting at the seal.', 'Conflict');
      },
    });
    const { result } = renderHook(
      () => ({ stuck: useStuckOperations(), lower: useLowerSealLevel() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.stuck.data?.operations).toHaveLength(1));
    await act(async () => {
      await expect(
        result.current.lower.mutateAsync({ agreementId: 'a/1', level: 'B-B', reason: 'x' }),
      ).rejects.toMatchObject({ statusCode: 409 });
    });
    expect(result.current.stuck.data?.operations).toHaveLength(1);
    expect(client.calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });
});
