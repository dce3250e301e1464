import { initialSigningPageState, type SigningPageState } from '@prosign/domain';
import { CaptchaGate, LoadingState } from '@prosign/ui';
import { lazy, Suspense, useState } from 'react';
import { useLoadOnFirstInput } from '../app/useLoadOnFirstInput';
import { LinkStatePanel } from '../components/layout/LinkStatePanel';
import { SigningLayout } from '../components/layout/SigningLayout';
import { useStateTexts } from '../signing-session/state-texts';
import { SignerLanguageSlot } from '../i18n/SignerLanguageProvider';

// What follows the captcha loads once the visitor starts answering it
// (useLoadOnFirstInput), so what loads before the captcha passes is what the
// captcha step shows (bench/signing).
const loadFlow = () => import(/* webpackChunkName: "customer-signing" */ './CustomerSigningFlow');
const CustomerSigningFlow = lazy(() =>
  loadFlow().then((module) => ({ default: module.CustomerSigningFlowWithData })),
);
// The e-mail code step, between the captcha and the agreement, on agreements that need it.
const EmailCodeGate = lazy(
  () => import(/* webpackChunkName: "email-code" */ '../signing-session/EmailCodeGate'),
);

export interface CustomerSigningProps {
  /** The link's token (the route's `:token`). */
  token: string;
  /** The link's `docLink` query parameter. */
  docLink: string | null;
  /** The link's `prefix` query parameter (where the link was sent). */
  prefix: string | null;
}

/**
 * The customer's signing page without the router: CustomerSigningPage reads
 * its route for it (in the shell and the standalone router), and the
 * standalone app renders it straight from the address, so React Router is not
 * part of a signer's first render (bench/signing). The docLink is checked
 * first, in the browser; a usable link goes on to the captcha, then the token
 * is verified and the agreement shown.
 */
export function CustomerSigning({ token, docLink, prefix }: CustomerSigningProps) {
  const initial = initialSigningPageState(docLink);
  const [state, setState] = useState<SigningPageState>(initial);
  const usable = initial.kind === 'checking';
  const stateTexts = useStateTexts();

  useLoadOnFirstInput(loadFlow, usable);

  if (!usable) {
    return (
      <SigningLayout title={stateTexts.title(initial)}>
        <LinkStatePanel state={initial} />
      </SigningLayout>
    );
  }

  return (
    <SigningLayout title={stateTexts.title(state)}>
      <CaptchaGate linkToken={token}>
        <SignerLanguageSlot />
        <Suspense fallback={<LoadingState label="Verifying your link…" />}>
          <EmailCodeGate linkToken={token} onStateChange={setState}>
            <CustomerSigningFlow
              token={token}
              docLink={docLink ?? ''}
              prefix={prefix}
              onStateChange={setState}
            />
          </EmailCodeGate>
        </Suspense>
      </CaptchaGate>
    </SigningLayout>
  );
}
