import { isApiError, useOpenedSow } from '@prosign/api-client';
import { ROUTES, type SigningPageState } from '@prosign/domain';
import { ErrorPanel, LoadingState, useCaptchaPass } from '@prosign/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LinkStatePanel } from '../components/layout/LinkStatePanel';
import { linkPageState } from '../signing-session/useSignerSession';
import { useSignerPresence } from '../signing-session/useSignerPresence';

// The document (viewer, modals, signature font) loads after the captcha.
const SowAgreement = lazy(() =>
  import(/* webpackChunkName: "sow-agreement" */ './SowAgreement').then((module) => ({
    default: module.SowAgreement,
  })),
);

export interface SowSigningFlowProps {
  customId: string;
  onStateChange: (state: SigningPageState) => void;
}

/**
 * Behind the captcha: the page is opened once (`increase-viewed-times`, which
 * counts the view and answers the SOW), then the document or what happened
 * to the link meanwhile. A refused pass shows the robot check again.
 */
export function SowSigningFlow({ customId, onStateChange }: SowSigningFlowProps) {
  const captcha = useCaptchaPass();
  const opened = useOpenedSow(customId, captcha.headers, {
    onError: (error) => {
      if (isApiError(error) && error.statusCode === 403) captcha.invalidate();
    },
  });
  const [completedHere, setCompletedHere] = useState(false);
  const view = opened.data;
  const unknown = isApiError(opened.error) && opened.error.statusCode === 404;
  const state: SigningPageState | null = view
    ? linkPageState(view, completedHere)
    : unknown
      ? { kind: 'invalid-token' }
      : opened.error
        ? null
        : { kind: 'checking' };
  const stateKey = state ? JSON.stringify(state) : 'failed';

  useEffect(() => {
    if (state) onStateChange(state);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateKey]);

  const open = view?.linkState === 'open';
  useSignerPresence({
    token: customId,
    docLink: view?.docLink ?? '',
    enabled: open && !completedHere,
  });

  if (!view && !opened.error) return <LoadingState label="Opening the Scope of Work…" />;
  if (!view && !unknown) {
    return (
      <ErrorPanel
        title="Your link could not be verified"
        message="Check your connection and try again."
        detail={opened.error instanceof Error ? opened.error.message : undefined}
        onRetry={() => void opened.refetch()}
        retryLabel="Try again"
      />
    );
  }
  if (!view || !state || state.kind !== 'valid') {
    return (
      <LinkStatePanel
        state={state ?? { kind: 'invalid-token' }}
        signedDocLink={view?.signedDocLink}
        verifyHref={view?.verifyId ? ROUTES.verify.replace(':token', view.verifyId) : null}
      />
    );
  }
  return (
    <Suspense fallback={<LoadingState label="Opening the Scope of Work…" />}>
      <SowAgreement
        customId={customId}
        view={view}
        captchaHeaders={captcha.headers}
        onCompleted={() => setCompletedHere(true)}
      />
    </Suspense>
  );
}
