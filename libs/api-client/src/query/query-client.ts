import { DATA_FETCHING, retryDelayMs } from '@prosign/domain';
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from '../client/ApiError';

/**
 * Retry up to 3 times (spec 1 §9), except answers that will not change on a
 * retry: client errors other than 408 (timeout) and 429 (rate limit).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= DATA_FETCHING.retries) return false;
  if (
    isApiError(error) &&
    error.isClientError &&
    error.statusCode !== 408 &&
    error.statusCode !== 429
  )
    return false;
  return true;
}

/** The data-fetching defaults of spec 1 §9, defined once for every frontend. */
export const QUERY_CLIENT_DEFAULTS: DefaultOptions = {
  queries: {
    retry: shouldRetry,
    retryDelay: retryDelayMs,
    gcTime: DATA_FETCHING.cacheRetentionMs,
    refetchOnWindowFocus: false,
  },
  mutations: {
    retry: false,
  },
};

export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_CLIENT_DEFAULTS.queries, ...overrides.queries },
      mutations: { ...QUERY_CLIENT_DEFAULTS.mutations, ...overrides.mutations },
    },
  });
}
