import { isApiError, type LinkSigningFamily } from '@prosign/api-client';
import { type SigningPageState } from '@prosign/domain';
import { CaptchaGate, ErrorPanel, LoadingState } from '@prosign/ui';
import { lazy, Suspense, useState } from 'react';
import { useLoadOnFirstInput } from '../app/useLoadOnFirstInput';
import { LinkStatePanel } from '../components/layout/LinkStatePanel';
import { SigningLayout } from '../components/layout/SigningLayout';
import { useStateTexts } from '../signing-session/state-texts';
import { SignerLanguageSlot } from '../i18n/SignerLanguageProvider';
import { linkPageState, refusedLinkState } from '../signing-session/link-page-state';
import { openingLabel } from './families';
import { useLinkCheck } from './useLinkCheck';

export { checkLinkBeforeRender } from './useLinkCheck';

// What follows the captcha, with its data layer and toasts, loads while the
// signer answers it (useLoadOnFirstInput).
const loadFlow = () => import(/* webpackChunkName: "link-signing" */ './LinkSigningFlow');
const LinkSigningFlow = lazy(() =>
  loadFlow().then((module) => ({ default: module.LinkSigningFlowWithData })),
);
// The e-mail code step, between the captcha and the agreement, on agreements that need it.
const EmailCodeGate = lazy(
  () => import(/* webpackChunkName: "email-code" */ '../signing-session/EmailCodeGate'),
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
 * says so; an open one goes on to the captcha (shown while the link is checked,
 * a tick waiting for the check), then the document, the typed signature and
 * Agree and Finish.
 */
export function LinkSignaturePage({ family, customId }: LinkSignaturePageProps) {
  const check = useLinkCheck(family, customId);
  const [state, setState] = useState<SigningPageState>({ kind: 'checking' });
  const open = check.kind === 'checked' && check.link.linkState === 'open';
  const stateTexts = useStateTexts();

  // A signer may tick while the link is still being checked: the flow loads meanwhile too.
  useLoadOnFirstInput(loadFlow, open || check.kind === 'checking');

  if (
    !customId ||
    (check.kind === 'failed' && isApiError(check.error) && check.error.statusCode === 404)
  ) {
    const invalid: SigningPageState = { kind: 'invalid-token' };
    return (
      <SigningLayout title={stateTexts.title(invalid)}>
        <LinkStatePanel state={invalid} />
      </SigningLayout>
    );
  }
  const refused = check.kind === 'failed' ? refusedLinkState(check.error) : null;
  if (refused) {
    // A later signer's link before their turn: no robot check needed to say so.
    return (
      <SigningLayout title={stateTexts.title(refused)}>
        <LinkStatePanel state={refused} />
      </SigningLayout>
    );
  }
  if (check.kind === 'failed') {
    return (
      <SigningLayout title={stateTexts.title({ kind: 'checking' })}>
        <ErrorPanel
          title="Your link could not be verified"
          message="Check your connection and try again."
          detail={check.error instanceof Error ? check.error.message : undefined}
          onRetry={check.retry}
          retryLabel="Try again"
        />
      </SigningLayout>
    );
  }
  if (!open && check.kind === 'checked') {
    // Nothing to sign: no robot check needed to say what happened to the link.
    const closed = linkPageState({ linkState: check.link.linkState, agreementTitle: '' });
    return (
      <SigningLayout title={stateTexts.title(closed)}>
        <LinkStatePanel state={closed} details={check.link.closed} />
      </SigningLayout>
    );
  }
  // While the link is being checked the robot check shows already (the page's
  // HTML painted it), a tick waiting for the check; the same gate stays on
  // once the link is open, so that tick is not lost.
  return (
    <SigningLayout title={stateTexts.title(state)}>
      <CaptchaGate linkToken={customId} holdAnswer={!open}>
        {open ? <SignerLanguageSlot /> : null}
        {open ? (
          <Suspense fallback={<LoadingState label={openingLabel(family)} />}>
            <EmailCodeGate linkToken={customId} onStateChange={setState}>
              <LinkSigningFlow family={family} customId={customId} onStateChange={setState} />
            </EmailCodeGate>
          </Suspense>
        ) : (
          <LoadingState label="Verifying your link…" />
        )}
      </CaptchaGate>
    </SigningLayout>
  );
}
