import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ApiClient } from './client/createApiClient';
import { RuntimeConfigProvider } from './config/RuntimeConfigProvider';
import type { RuntimeConfig } from './config/runtime-config';
import { createQueryClient } from './query/query-client';

export interface ApiProviderProps {
  config: RuntimeConfig;
  /** Defaults to a client with the spec's defaults, created once. */
  queryClient?: QueryClient;
  client?: ApiClient;
  children?: ReactNode;
}

/** Runtime configuration, API client and TanStack Query in one provider for an app's root. */
export function ApiProvider({ config, queryClient, client, children }: ApiProviderProps) {
  const [ownClient] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient ?? ownClient}>
      <RuntimeConfigProvider config={config} client={client}>
        {children}
      </RuntimeConfigProvider>
    </QueryClientProvider>
  );
}
