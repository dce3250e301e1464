/**
 * A stand-in ApiClient for frontend tests (`@prosign/api-client/testing`):
 * answers from a route table keyed `'METHOD /path'` and records every call.
 * Unknown routes fail as the API would (404).
 */
import type { ApiClient, ApiRequestOptions } from '../client/createApiClient';
import { ApiError } from '../client/ApiError';

export interface FakeCall {
  method: string;
  path: string;
  body?: unknown;
  query?: ApiRequestOptions['query'];
  headers?: Record<string, string>;
}

/** Answers one call: return the body (or a promise of it), or throw (an ApiError for an HTTP error). */
export type FakeRoute = (call: FakeCall) => unknown;

export interface FakeApiClient extends ApiClient {
  calls: FakeCall[];
}

export function fakeApiClient(
  routes: Record<string, FakeRoute>,
  baseUrl = 'http://api.test',
): FakeApiClient {
  const calls: FakeCall[] = [];
  const request = <T>(path: string, options: ApiRequestOptions = {}): Promise<T> => {
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
    baseUrl,
    calls,
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, body, options) => request(path, { ...options, method: 'DELETE', body }),
  };
}
