import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from '../client/createApiClient';
import type { RuntimeConfig } from './runtime-config';

interface RuntimeConfigContextValue {
  config: RuntimeConfig;
  client: ApiClient;
}

const RuntimeConfigContext = createContext<RuntimeConfigContextValue | null>(null);
RuntimeConfigContext.displayName = 'RuntimeConfigContext';

export interface RuntimeConfigProviderProps {
  config: RuntimeConfig;
  /** Replaces the client built from `config.apiUrl` (tests). */
  client?: ApiClient;
  children?: ReactNode;
}

/** Gives every component below it the runtime configuration and an API client for its apiUrl. */
export function RuntimeConfigProvider({ config, client, children }: RuntimeConfigProviderProps) {
  const value = useMemo(
    () => ({ config, client: client ?? createApiClient({ baseUrl: config.apiUrl }) }),
    [config, client],
  );
  return <RuntimeConfigContext.Provider value={value}>{children}</RuntimeConfigContext.Provider>;
}

function useRuntimeContext(hook: string): RuntimeConfigContextValue {
  const value = useContext(RuntimeConfigContext);
  if (!value) throw new Error(`${hook} must be used inside <RuntimeConfigProvider>.`);
  return value;
}

export function useRuntimeConfig(): RuntimeConfig {
  return useRuntimeContext('useRuntimeConfig').config;
}

export function useApiUrl(): string {
  return useRuntimeContext('useApiUrl').config.apiUrl;
}

export function useApiClient(): ApiClient {
  return useRuntimeContext('useApiClient').client;
}
