import {
  RuntimeConfigProvider,
  type ApiClient,
  type LinkSigningFamily,
  type RuntimeConfig,
} from '@prosign/api-client';
import { linkSigningAddressOf, type LinkSigningAddress } from '@prosign/domain';
import { LoadingState, PublicLayout } from '@prosign/ui';
import { lazy, Suspense } from 'react';
import { SignerLanguageProvider } from '../i18n/SignerLanguageProvider';
import { SIGNING_APP_SUBTITLE } from '../customer-signing/brand';
import { CustomerSigning, type CustomerSigningProps } from '../customer-signing/CustomerSigning';

// The router (verification, unknown paths) and the link-signed families' page
// load on demand: a customer link is what signers open most.
let loadedLinkPage: typeof import('../link-signing/LinkSigningPage') | undefined;

/**
 * The link-signed families' page's chunk (SOW, CO, any registered one; its files are preloaded by the page's HTML on
 * such a link, see webpack.config.cjs). Awaited before the first render
 * (bootstrap.tsx), the page then renders without suspending: React holds back
 * content that resolves after a Suspense fallback by up to 300 ms.
 */
export function loadLinkSignaturePage() {
  return import(/* webpackChunkName: "link-signature" */ '../link-signing/LinkSigningPage').then(
    (module) => (loadedLinkPage = module),
  );
}
const LazyLinkSignaturePage = lazy(() =>
  loadLinkSignaturePage().then((module) => ({ default: module.LinkSignaturePage })),
);

function LinkSignaturePage(props: { family: LinkSigningFamily; customId: string }) {
  const Page = loadedLinkPage?.LinkSignaturePage ?? LazyLinkSignaturePage;
  return <Page {...props} />;
}
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

/**
 * The link of a link-signed family in an address (`/{segment}/:customId` of a
 * family whose `signing.kind` is `link`: `/sow-signature/…`, `/co-signature/…`,
 * a registered family's own), else null.
 */
export function linkSigningLink(location: Pick<Location, 'pathname'>): LinkSigningAddress | null {
  return linkSigningAddressOf(location.pathname);
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
 * captcha, see CustomerSigningFlowWithData); a link-signed family's link loads its page
 * (which checks the link before the captcha, its data layer coming behind the
 * captcha too) without the router, the page's HTML having asked for that
 * chunk already (runtime-config-prefetch.html); other paths load the router.
 */
export function SigningApp({ config, client }: SigningAppProps) {
  const customer = customerSigningLink(window.location);
  const link = customer ? null : linkSigningLink(window.location);
  return (
    <RuntimeConfigProvider config={config} client={client}>
      <SignerLanguageProvider>
        <PublicLayout subtitle={SIGNING_APP_SUBTITLE}>
          {customer ? (
            <CustomerSigning {...customer} />
          ) : link ? (
            <Suspense fallback={<LoadingState label="Loading…" />}>
              <LinkSignaturePage family={link.family} customId={link.customId} />
            </Suspense>
          ) : (
            <Suspense fallback={<LoadingState label="Loading…" />}>
              <StandaloneRoutes />
            </Suspense>
          )}
        </PublicLayout>
      </SignerLanguageProvider>
    </RuntimeConfigProvider>
  );
}
