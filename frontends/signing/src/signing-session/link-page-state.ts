import type { SigningPageState, VerifyTokenResponse } from '@prosign/domain';

// Apart from the session hook (TanStack Query): the SOW and CO pages read it
// before the captcha, when the data layer is not loaded yet.

/** The page state of a known link: its agreement, or what happened to it (spec 1 §2.4 titles). */
export function linkPageState(
  link: Pick<VerifyTokenResponse, 'linkState' | 'agreementTitle'>,
  completedHere = false,
): SigningPageState {
  // A signer who has just finished keeps the agreement and the completion modal in view.
  if (link.linkState === 'open' || completedHere) {
    return { kind: 'valid', agreementTitle: link.agreementTitle };
  }
  switch (link.linkState) {
    case 'signed':
      return { kind: 'signed' };
    case 'cancelled':
      return { kind: 'cancelled' };
    case 'voided':
      return { kind: 'voided' };
    case 'expired':
      return { kind: 'expired' };
    case 'replaced':
      return { kind: 'replaced' };
  }
}
