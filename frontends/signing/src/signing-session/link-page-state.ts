import {
  HANDED_OVER_ERROR,
  SIGNER_MESSAGES,
  type SigningPageState,
  type VerifyTokenResponse,
} from '@prosign/domain';

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
    case 'declined':
      return { kind: 'declined' };
  }
}

/**
 * The page state of a refused link that has a page of its own: a later signer's link before
 * the earlier signers signed (409 with the domain's message), a link handed over to another
 * signer (409 `Link handed over`); null for any other failure.
 * Read by shape, as the data layer may not be loaded yet.
 */
export function refusedLinkState(error: unknown): SigningPageState | null {
  const refusal = error as { statusCode?: unknown; message?: unknown; error?: unknown } | null;
  if (refusal?.statusCode !== 409) return null;
  // A link handed over to another signer; the message says to whom.
  if (refusal.error === HANDED_OVER_ERROR && typeof refusal.message === 'string') {
    return { kind: 'handed-over', message: refusal.message };
  }
  return refusal.message === SIGNER_MESSAGES.notYourTurn ? { kind: 'not-your-turn' } : null;
}
