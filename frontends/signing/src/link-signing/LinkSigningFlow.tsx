import {
  isApiError,
  linkSigningKeys,
  useLinkSigningApi,
  useOpenedSigningLink,
  useSealedCopy,
  type LinkSigningFamily,
} from '@prosign/api-client';
import { DOCUMENT_FAMILY_DEFINITION, ROUTES, type SigningPageState } from '@prosign/domain';
import { ErrorPanel, LoadingState, useCaptchaPass, useSignerMessages } from '@prosign/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { EnsureQueryClient } from '../app/EnsureQueryClient';
import { EnsureToasts } from '../app/EnsureToasts';
import { LinkStatePanel } from '../components/layout/LinkStatePanel';
import { linkPageState, refusedLinkState } from '../signing-session/link-page-state';
import { useSignerPresence } from '../signing-session/useSignerPresence';
import { openingLabel } from './families';

// The document (viewer, modals, signature font) loads after the captcha.
const LinkAgreement = lazy(() =>
  import(/* webpackChunkName: "link-agreement" */ './LinkAgreement').then((module) => ({
    default: module.LinkAgreement,
  })),
);
// A document family's link fills fields on the PDF's pages: its step loads only for it.
const DocumentAgreement = lazy(() =>
  import(/* webpackChunkName: "document-signing" */ '../document-signing/DocumentAgreement').then(
    (module) => ({ default: module.DocumentAgreement }),
  ),
);

export interface LinkSigningFlowProps {
  family: LinkSigningFamily;
  customId: string;
  onStateChange: (state: SigningPageState) => void;
}

/**
 * Behind the captcha: the page is opened once (`increase-viewed-times`, which
 * counts the view and answers the agreement), then the document or what happened
 * to the link meanwhile. A refused pass shows the robot check again.
 */
export function LinkSigningFlow({ family, customId, onStateChange }: LinkSigningFlowProps) {
  const captcha = useCaptchaPass();
  const { format } = useSignerMessages();
  const opened = useOpenedSigningLink(family, customId, captcha.headers, {
    onError: (error) => {
      if (isApiError(error) && error.statusCode === 403) captcha.invalidate();
    },
  });
  const [completedHere, setCompletedHere] = useState(false);
  // Handed over from this page (the link is closed now).
  const [handedOver, setHandedOver] = useState<SigningPageState | null>(null);
  const view = opened.data;
  // Read again with get-contract (counts no view), apart from the opened view, which keeps
  // what this page's finish recorded.
  const api = useLinkSigningApi(family, captcha.headers);
  const sealedCopy = useSealedCopy(view, {
    queryKey: linkSigningKeys(family).contract(customId),
    queryFn: ({ signal }) => api.contract(customId, signal),
  });
  const unknown = isApiError(opened.error) && opened.error.statusCode === 404;
  const refused = refusedLinkState(opened.error);
  const state: SigningPageState | null = handedOver
    ? handedOver
    : view
      ? linkPageState(view, completedHere)
      : unknown
        ? { kind: 'invalid-token' }
        : refused
          ? refused
          : opened.error
            ? null
            : { kind: 'checking' };
  const stateKey = state ? JSON.stringify(state) : 'failed';

  useEffect(() => {
    if (state) onStateChange(state);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateKey]);

  const open = view?.linkState === 'open' && !handedOver;
  useSignerPresence({
    token: customId,
    docLink: view?.docLink ?? '',
    enabled: open && !completedHere,
  });

  if (!view && !opened.error) return <LoadingState label={openingLabel(family)} />;
  if (!view && !unknown && !refused) {
    return (
      <ErrorPanel
        title={format('flow.verifyFailed')}
        message={format('error.checkConnection')}
        detail={opened.error instanceof Error ? opened.error.message : undefined}
        onRetry={() => void opened.refetch()}
        retryLabel={format('error.tryAgain')}
      />
    );
  }
  if (!view || !state || state.kind !== 'valid') {
    return (
      <LinkStatePanel
        state={state ?? { kind: 'invalid-token' }}
        signedDocLink={sealedCopy.signedDocLink}
        verifyHref={
          sealedCopy.verifyId ? ROUTES.verify.replace(':token', sealedCopy.verifyId) : null
        }
        signedCopyWait={sealedCopy.wait}
      />
    );
  }
  return (
    <Suspense fallback={<LoadingState label={openingLabel(family)} />}>
      {family === DOCUMENT_FAMILY_DEFINITION.id ? (
        <DocumentAgreement
          family={family}
          customId={customId}
          view={view}
          captchaHeaders={captcha.headers}
          sealedCopy={sealedCopy}
          onCompleted={() => setCompletedHere(true)}
          onHandedOver={setHandedOver}
        />
      ) : (
        <LinkAgreement
          family={family}
          customId={customId}
          view={view}
          captchaHeaders={captcha.headers}
          sealedCopy={sealedCopy}
          onCompleted={() => setCompletedHere(true)}
          onHandedOver={setHandedOver}
        />
      )}
    </Suspense>
  );
}

/** The flow with its data layer and toasts (see EnsureQueryClient, EnsureToasts), as the page loads it. */
export function LinkSigningFlowWithData(props: LinkSigningFlowProps) {
  return (
    <EnsureToasts>
      <EnsureQueryClient>
        <LinkSigningFlow {...props} />
      </EnsureQueryClient>
    </EnsureToasts>
  );
}
