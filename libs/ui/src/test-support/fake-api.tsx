import {
  ApiError,
  RuntimeConfigProvider,
  type ApiClient,
  type ApiRequestOptions,
  type RuntimeConfig,
} from '@prosign/api-client';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

export interface FakeCall {
  method: string;
  path: string;
  body?: unknown;
  query?: ApiRequestOptions['query'];
  headers?: Record<string, string>;
}

/** Answers one call: return the body, or throw (an ApiError for an HTTP error). */
export type FakeRoute = (call: FakeCall) => unknown;

export interface FakeApiClient extends ApiClient {
  calls: FakeCall[];
}

/**
 * An ApiClient answering from a route table keyed `'METHOD /path'`; every call
 * is recorded. Unknown routes fail as the API would (404).
 */
export function fakeApiClient(routes: Record<string, FakeRoute>): FakeApiClient {
  const calls: FakeCall[] = [];
  const request = <T,>(path: string, options: ApiRequestOptions = {}): Promise<T> => {
    const call: FakeCall = {
      method: options.method ?? 'GET',
      path,
      body: options.body,
      query: options.query,
      headers: options.headers,
    };
    calls.push(call);
    const route = routes[`${call.method} ${path}`];
    if (!route) {
      return Promise.reject(new ApiError(404, `Cannot ${call.method} ${path}`, 'Not Found'));
    }
    try {
      return Promise.resolve(route(call) as T);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return {
    baseUrl: 'http://api.test',
    calls,
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, body, options) => request(path, { ...options, method: 'DELETE', body }),
  };
}

export const testRuntimeConfig: RuntimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
};

/** Renders `ui` with a runtime configuration and the given API client. */
export function renderWithApi(
  ui: ReactElement,
  client: ApiClient,
  config: Partial<RuntimeConfig> = {},
) {
  return render(
    <RuntimeConfigProvider config={{ ...testRuntimeConfig, ...config }} client={client}>
      {ui}
    </RuntimeConfigProvider>,
  );
}
