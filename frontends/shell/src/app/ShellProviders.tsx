import { ApiProvider, type RuntimeConfig } from '@prosign/api-client';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RemoteLoaderProvider } from '../remotes/RemoteLoaderContext';
import type { RemoteLoader } from '../remotes/remote-loader';

export interface ShellProvidersProps {
  config: RuntimeConfig;
  remoteLoader: RemoteLoader;
  queryClient?: QueryClient;
  children?: ReactNode;
}

/** Runtime configuration, API client, TanStack Query and remote loading for the whole shell. */
export function ShellProviders({
  config,
  remoteLoader,
  queryClient,
  children,
}: ShellProvidersProps) {
  return (
    <ApiProvider config={config} queryClient={queryClient}>
      <RemoteLoaderProvider loader={remoteLoader}>{children}</RemoteLoaderProvider>
    </ApiProvider>
  );
}
