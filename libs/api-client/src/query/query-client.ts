import { DATA_FETCHING, retryDelayMs } from '@prosign/domain';
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { shouldRetry } from './retry-rule';

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
