import { ApiProvider, type RuntimeConfig } from '@prosign/api-client';
import { PublicLayout } from '@prosign/ui';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { SigningRoutes } from './SigningRoutes';

export interface SigningAppProps {
  config: RuntimeConfig;
  queryClient?: QueryClient;
}

/**
 * The signing app on its own origin: its own QueryClient (through ApiProvider)
 * and the apiUrl of its own /runtime-config.json.
 */
export function SigningApp({ config, queryClient }: SigningAppProps) {
  return (
    <ApiProvider config={config} queryClient={queryClient}>
      <BrowserRouter>
        <PublicLayout subtitle="Secure signing">
          <SigningRoutes />
        </PublicLayout>
      </BrowserRouter>
    </ApiProvider>
  );
}
