import { ApiProvider, createApiClient, type RuntimeConfig } from '@prosign/api-client';
import { ToastProvider } from '@prosign/ui';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { RemoteLoaderProvider } from '../remotes/RemoteLoaderContext';
import type { RemoteLoader } from '../remotes/remote-loader';
import { StaffSessionProvider } from '../session/StaffSessionContext';
import { createUnauthorizedEvents } from '../session/unauthorized-events';

export interface ShellProvidersProps {
  config: RuntimeConfig;
  remoteLoader: RemoteLoader;
  queryClient?: QueryClient;
  /** Tests answer API calls through this instead of the network. */
  fetch?: typeof fetch;
  children?: ReactNode;
}

/**
 * Runtime configuration, API client, TanStack Query, toasts, the staff
 * session and remote loading for the whole shell. Remotes render inside these
 * (the libraries are federation singletons), so their calls share the client
 * and a 401 anywhere ends the session.
 */
export function ShellProviders({
  config,
  remoteLoader,
  queryClient,
  fetch,
  children,
}: ShellProvidersProps) {
  const [unauthorized] = useState(createUnauthorizedEvents);
  const client = useMemo(
    () => createApiClient({ baseUrl: config.apiUrl, fetch, onUnauthorized: unauthorized.emit }),
    [config.apiUrl, fetch, unauthorized],
  );
  return (
    <ApiProvider config={config} queryClient={queryClient} client={client}>
      <ToastProvider>
        <StaffSessionProvider unauthorized={unauthorized}>
          <RemoteLoaderProvider loader={remoteLoader}>{children}</RemoteLoaderProvider>
        </StaffSessionProvider>
      </ToastProvider>
    </ApiProvider>
  );
}
