import { RuntimeConfigProvider, type ApiClient, type RuntimeConfig } from '@prosign/api-client';
import { LoadingState, PublicLayout } from '@prosign/ui';
import { lazy, Suspense } from 'react';
import { CustomerSigning, type CustomerSigningProps } from '../customer-signing/CustomerSigning';

// The router and every page but the customer's load on demand (the SOW and CO
// pages and verification are opened far less often than a customer link).
const StandaloneRoutes = lazy(() =>
  import(/* webpackChunkName: "routes" */ './StandaloneRoutes').then((module) => ({
    default: module.StandaloneRoutes,
  })),
);

/**
 * The customer signing link in an address (`/:token?docLink=…&prefix=…`, the
 * only single-segment route: ROUTES.customerSigning), else null. Read as React
 * Router matches it, trailing slash and percent-encoding included.
 */
export function customerSigningLink(
  location: Pick<Location, 'pathname' | 'search'>,
): CustomerSigningProps | null {
  const match = /^\/([^/]+)\/?$/.exec(location.pathname);
  if (!match) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const search = new URLSearchParams(location.search);
  return { token, docLink: search.get('docLink'), prefix: search.get('prefix') };
}

export interface SigningAppProps {
  config: RuntimeConfig;
  /** The API client; by default one built for `config.apiUrl`. */
  client?: ApiClient;
}

/**
 * The signing app on its own origin, with the apiUrl of its own
 * /runtime-config.json. A customer signing link renders at once, without the
 * router, the toasts or the data layer (they come with the steps behind the
 * captcha, see CustomerSigningFlowWithData); other paths load the router.
 */
export function SigningApp({ config, client }: SigningAppProps) {
  const customer = customerSigningLink(window.location);
  return (
    <RuntimeConfigProvider config={config} client={client}>
      <PublicLayout subtitle="Secure signing">
        {customer ? (
          <CustomerSigning {...customer} />
        ) : (
          <Suspense fallback={<LoadingState label="Loading…" />}>
            <StandaloneRoutes />
          </Suspense>
        )}
      </PublicLayout>
    </RuntimeConfigProvider>
  );
}
