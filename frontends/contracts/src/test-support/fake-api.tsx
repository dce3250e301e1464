import { ApiError, ApiProvider, type RuntimeConfig } from '@prosign/api-client';
import { fakeApiClient, type FakeCall, type FakeRoute } from '@prosign/api-client/testing';
import { ToastProvider } from '@prosign/ui';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Answers one call from its body and query; a thrown `{ statusCode, message }` is that HTTP error. */
export type Handler = (body: unknown, query: Record<string, unknown>) => unknown;

const CONFIG = { apiUrl: 'http://api.test', remotes: {} } as unknown as RuntimeConfig;

/** What a handler threw, as the API client reports a failed call. */
function asApiError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  const { statusCode = 500, message = 'Something went wrong.' } = (thrown ?? {}) as {
    statusCode?: number;
    message?: string;
  };
  return new ApiError(statusCode, message, 'Error');
}

function routeOf(handler: Handler): FakeRoute {
  return async (call: FakeCall) => {
    try {
      return await handler(call.body, { ...call.query });
    } catch (thrown) {
      throw asApiError(thrown);
    }
  };
}

/**
 * The contracts remote's pages against `@prosign/api-client/testing`'s fake client
 * ("METHOD /path" → handler), inside the providers the shell gives them; `inner` wraps
 * the page further (a router). Records every call.
 */
export function fakeApi(
  routes: Record<string, Handler>,
  inner: (children: ReactNode) => ReactNode = (children) => children,
) {
  const client = fakeApiClient(
    Object.fromEntries(Object.entries(routes).map(([key, handler]) => [key, routeOf(handler)])),
    CONFIG.apiUrl,
  );
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <ApiProvider
      config={CONFIG}
      client={client}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ToastProvider>{inner(children)}</ToastProvider>
    </ApiProvider>
  );
  return { calls: client.calls, wrapper };
}
