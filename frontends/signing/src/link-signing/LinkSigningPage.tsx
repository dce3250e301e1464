import { isApiError, useSigningLink, type LinkSigningFamily } from '@prosign/api-client';
import { signingPageTitle, type SigningPageState } from '@prosign/domain';
import { CaptchaGate, ErrorPanel, LoadingState } from '@prosign/ui';
import { lazy, Suspense, useState } from 'react';
import { EnsureQueryClient } from '../app/EnsureQueryClient';
import { useLoadOnFirstInput } from '../app/useLoadOnFirstInput';
import { LinkStatePanel } from '../components/layout/LinkStatePanel';
import { SigningLayout } from '../components/layout/SigningLayout';
import { SIGNING_BRAND_NAME } from '../customer-signing/brand';
import { linkPageState } from '../signing-session/useSignerSession';
import { openingLabel } from './families';

// What follows the captcha loads while the signer answers it (useLoadOnFirstInput).
const loadFlow = () => import(/* webpackChunkName: "link-signing" */ './LinkSigningFlow');
const LinkSigningFlow = lazy(() =>
  loadFlow().then((module) => ({ default: module.LinkSigningFlowWithToasts })),
);

export interface LinkSignaturePageProps {
  /** `sow`: /sow-signature/:customId (a partner); `co`: /co-signature/:customId (a client signatory). */
  family: LinkSigningFamily;
  /** The link's customId (the route's `:customId`). */
  customId: string;
}

/**
 * A page opened by a customId link (spec 3 §2, §4): a Scope-of-Work signed by
 * its community partner, or a change order signed by its client signatory. The
 * link is verified first (`verify-link`, no captcha): an unknown or closed link
 * says so at once; an open one goes on to the captcha, then the document, the
 * typed signature and Agree and Finish.
 */
export function LinkSignaturePage({ family, customId }: LinkSignaturePageProps) {
  return (
    <EnsureQueryClient>
      <LinkSigningPage family={family} customId={customId} />
    </EnsureQueryClient>
  );
}

function LinkSigningPage({ family, customId }: LinkSignaturePageProps) {
  const link = useSigningLink(family, customId);
  const [state, setState] = useState<SigningPageState>({ kind: 'checking' });
  const open = link.data?.linkState === 'open';

  useLoadOnFirstInput(loadFlow, open);

  if (!customId || (link.error && isApiError(link.error) && link.error.statusCode === 404)) {
    const invalid: SigningPageState = { kind: 'invalid-token' };
    return (
      <SigningLayout title={signingPageTitle(invalid, SIGNING_BRAND_NAME)}>
        <LinkStatePanel state={invalid} />
      </SigningLayout>
    );
  }
  if (link.error) {
    return (
      <SigningLayout title={signingPageTitle({ kind: 'checking' }, SIGNING_BRAND_NAME)}>
        <ErrorPanel
          title="Your link could not be verified"
          message="Check your connection and try again."
          detail={link.error instanceof Error ? link.error.message : undefined}
          onRetry={() => void link.refetch()}
          retryLabel="Try again"
        />
      </SigningLayout>
    );
  }
  if (!link.data) {
    return (
      <SigningLayout title={signingPageTitle({ kind: 'checking' }, SIGNING_BRAND_NAME)}>
        <LoadingState label="Verifying your link…" />
      </SigningLayout>
    );
  }
  if (!open) {
    // Nothing to sign: no robot check needed to say what happened to the link.
    const closed = linkPageState({ linkState: link.data.linkState, agreementTitle: '' });
    return (
      <SigningLayout title={signingPageTitle(closed, SIGNING_BRAND_NAME)}>
        <LinkStatePanel state={closed} details={link.data.closed} />
      </SigningLayout>
    );
  }
  return (
    <SigningLayout title={signingPageTitle(state, SIGNING_BRAND_NAME)}>
      <CaptchaGate linkToken={customId}>
        <Suspense fallback={<LoadingState label={openingLabel(family)} />}>
          <LinkSigningFlow family={family} customId={customId} onStateChange={setState} />
        </Suspense>
      </CaptchaGate>
    </SigningLayout>
  );
}
