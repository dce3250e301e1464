import { RuntimeConfigProvider, type RuntimeConfig } from '@prosign/api-client';
import { PublicLayout, ToastProvider } from '@prosign/ui';
import { BrowserRouter } from 'react-router';
import { SigningRoutes } from './SigningRoutes';

export interface SigningAppProps {
  config: RuntimeConfig;
}

/**
 * The signing app on its own origin, with the apiUrl of its own
 * /runtime-config.json. The pages that fetch data bring their QueryClient
 * (EnsureQueryClient), so the captcha step renders without it.
 */
export function SigningApp({ config }: SigningAppProps) {
  return (
    <RuntimeConfigProvider config={config}>
      <ToastProvider>
        <BrowserRouter>
          <PublicLayout subtitle="Secure signing">
            <SigningRoutes />
          </PublicLayout>
        </BrowserRouter>
      </ToastProvider>
    </RuntimeConfigProvider>
  );
}
