import { ApiError } from './ApiError';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData or a Blob. */
  body?: unknown;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type ApiMethodOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export interface ApiClient {
  readonly baseUrl: string;
  request<T>(path: string, options?: ApiRequestOptions): Promise<T>;
  get<T>(path: string, options?: ApiMethodOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: ApiMethodOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: ApiMethodOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: ApiMethodOptions): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: ApiMethodOptions): Promise<T>;
}

export interface ApiClientOptions {
  /** Origin of the API, e.g. `http://localhost:3000`; paths start with `/api/`. */
  baseUrl: string;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /**
   * Called when any call answers 401 (no or expired staff session), before the
   * error is thrown; the shell ends the session in the browser there.
   */
  onUnauthorized?: (error: ApiError, path: string) => void;
}

function buildUrl(baseUrl: string, path: string, query: ApiRequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as QueryValue[]) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * A typed fetch wrapper for the ProSign API: cookies are always sent (the staff
 * session is an httpOnly cookie), bodies are JSON, and any non-2xx answer
 * becomes an {@link ApiError} carrying the server's `{statusCode, message, error}`.
 */
export function createApiClient({
  baseUrl,
  fetch: fetchImpl,
  onUnauthorized,
}: ApiClientOptions): ApiClient {
  const doFetch =
    fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function request<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    const { method = 'GET', body, query, headers = {}, signal } = options;
    const init: RequestInit = {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', ...headers },
      signal,
    };
    if (body !== undefined) {
      if (isRawBody(body)) {
        init.body = body;
      } else {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
      }
    }

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, query), init);
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw ApiError.network(cause);
    }
    const payload = await readBody(response);
    if (!response.ok) {
      const error = ApiError.fromBody(response.status, response.statusText, payload);
      if (response.status === 401) onUnauthorized?.(error, path);
      throw error;
    }
    return payload as T;
  }

  return {
    baseUrl,
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, body, options) => request(path, { ...options, method: 'DELETE', body }),
  };
}
