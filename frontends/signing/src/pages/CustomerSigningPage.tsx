import { initialSigningPageState, signingPageTitle, type SigningPageState } from '@prosign/domain';
import { CaptchaGate, LoadingState } from '@prosign/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LinkStatePanel } from '../components/layout/LinkStatePanel';
import { SigningLayout } from '../components/layout/SigningLayout';
import { SIGNING_BRAND_NAME } from '../customer-signing/brand';

// What follows the captcha loads while the visitor answers it, so the first
// render (the captcha step) carries only what it shows.
const loadFlow = () =>
  import(/* webpackChunkName: "customer-signing" */ '../customer-signing/CustomerSigningFlow');
const CustomerSigningFlow = lazy(() =>
  loadFlow().then((module) => ({ default: module.CustomerSigningFlowWithData })),
);

/**
 * /:token?docLink=…&prefix=… — the customer's signing page (spec 1 §2.4).
 * The docLink is checked first, in the browser; a usable link goes on to the
 * captcha, then the token is verified and the agreement shown.
 */
export function CustomerSigningPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const docLink = search.get('docLink');
  const prefix = search.get('prefix');
  const initial = initialSigningPageState(docLink);
  const [state, setState] = useState<SigningPageState>(initial);
  const usable = initial.kind === 'checking';

  useEffect(() => {
    if (usable) void loadFlow();
  }, [usable]);

  if (!usable) {
    return (
      <SigningLayout title={signingPageTitle(initial, SIGNING_BRAND_NAME)}>
        <LinkStatePanel state={initial} />
      </SigningLayout>
    );
  }

  return (
    <SigningLayout title={signingPageTitle(state, SIGNING_BRAND_NAME)}>
      <CaptchaGate linkToken={token}>
        <Suspense fallback={<LoadingState label="Verifying your link…" />}>
          <CustomerSigningFlow
            token={token}
            docLink={docLink ?? ''}
            prefix={prefix}
            onStateChange={setState}
          />
        </Suspense>
      </CaptchaGate>
    </SigningLayout>
  );
}
