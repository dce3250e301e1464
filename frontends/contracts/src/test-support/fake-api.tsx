import { ApiProvider, type ApiClient, type RuntimeConfig } from '@prosign/api-client';
import { ToastProvider } from '@prosign/ui';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export type Handler = (body: unknown) => unknown;

const CONFIG = { apiUrl: 'http://api.test', remotes: {} } as unknown as RuntimeConfig;

/**
 * An API client answering from `routes` ("METHOD /path" → handler; a thrown
 * object becomes the error), recording every call.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const request = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    if (!handler) throw { message: `no route ${method} ${path}` };
    return handler(body) as T;
  };
  const client = {
    baseUrl: CONFIG.apiUrl,
    request: (path: string) => request('GET', path),
    get: (path: string) => request('GET', path),
    post: (path: string, body?: unknown) => request('POST', path, body),
    put: (path: string, body?: unknown) => request('PUT', path, body),
    patch: (path: string, body?: unknown) => request('PATCH', path, body),
    delete: (path: string, body?: unknown) => request('DELETE', path, body),
  } as unknown as ApiClient;
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <ApiProvider
      config={CONFIG}
      client={client}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ToastProvider>{children}</ToastProvider>
    </ApiProvider>
  );
  return { calls, wrapper };
}
