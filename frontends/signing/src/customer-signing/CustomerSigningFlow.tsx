import { ROUTES, type SigningPageState } from '@prosign/domain';
import { ErrorPanel, LoadingState, useSignerMessages } from '@prosign/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { EnsureQueryClient } from '../app/EnsureQueryClient';
import { EnsureToasts } from '../app/EnsureToasts';
import { LinkStatePanel } from '../components/layout/LinkStatePanel';
import { pageStateOf, useSignerSession } from '../signing-session/useSignerSession';
import { useSignerPresence } from '../signing-session/useSignerPresence';

// The agreement (viewer, modals, signature font) loads after the captcha, so
// the first render of the page stays small on slow phones.
const CustomerAgreement = lazy(() =>
  import(/* webpackChunkName: "customer-agreement" */ './CustomerAgreement').then((module) => ({
    default: module.CustomerAgreement,
  })),
);

export interface CustomerSigningFlowProps {
  token: string;
  docLink: string;
  prefix: string | null;
  onStateChange: (state: SigningPageState) => void;
}

/** Behind the captcha: verifies the token, then shows the agreement or what happened to the link. */
export function CustomerSigningFlow({
  token,
  docLink,
  prefix,
  onStateChange,
}: CustomerSigningFlowProps) {
  const session = useSignerSession(token, prefix);
  const { format } = useSignerMessages();
  const [completedHere, setCompletedHere] = useState(false);
  // Handed over from this page (the link is closed now).
  const [handedOver, setHandedOver] = useState<SigningPageState | null>(null);
  const state = handedOver ?? pageStateOf(session, completedHere);
  const stateKey = state ? JSON.stringify(state) : 'failed';

  useEffect(() => {
    if (state) onStateChange(state);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateKey]);

  const open = session.kind === 'ready' && session.link.linkState === 'open' && !handedOver;
  useSignerPresence({ token, docLink, enabled: open && !completedHere });

  if (session.kind === 'verifying') return <LoadingState label={format('flow.verifying')} />;
  if (session.kind === 'failed') {
    return (
      <ErrorPanel
        title={format('flow.verifyFailed')}
        message={format('error.checkConnection')}
        detail={session.message}
        onRetry={session.retry}
        retryLabel={format('error.tryAgain')}
      />
    );
  }
  if (!state || state.kind !== 'valid' || session.kind !== 'ready') {
    const link = session.kind === 'ready' ? session.link : null;
    const copy = session.kind === 'ready' ? session.sealedCopy : null;
    return (
      <LinkStatePanel
        state={state ?? { kind: 'invalid-token' }}
        details={link}
        signedDocLink={copy?.signedDocLink}
        verifyHref={copy?.verifyId ? ROUTES.verify.replace(':token', copy.verifyId) : null}
        signedCopyWait={copy?.wait}
      />
    );
  }
  return (
    <Suspense fallback={<LoadingState label={format('flow.opening')} />}>
      <CustomerAgreement
        token={token}
        link={session.link}
        api={session.api}
        update={session.update}
        sealedCopy={session.sealedCopy}
        onCompleted={() => setCompletedHere(true)}
        onHandedOver={setHandedOver}
      />
    </Suspense>
  );
}

/** The flow with its data layer and toasts (see EnsureQueryClient, EnsureToasts), as the page loads it. */
export function CustomerSigningFlowWithData(props: CustomerSigningFlowProps) {
  return (
    <EnsureToasts>
      <EnsureQueryClient>
        <CustomerSigningFlow {...props} />
      </EnsureQueryClient>
    </EnsureToasts>
  );
}
