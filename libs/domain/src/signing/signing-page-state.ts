import { extractDocId } from '../documents/doc-link';

/**
 * The states of a signing page (spec 1 §2.4) and the title each shows. The
 * docLink is checked first, in the browser, before anything is asked of the
 * server; the token is verified after the captcha.
 */
export type SigningPageState =
  | { kind: 'missing-link' }
  | { kind: 'malformed-link' }
  | { kind: 'checking' }
  /** The agreement needs the e-mail code first: the code step is shown. */
  | { kind: 'email-code' }
  | { kind: 'valid'; agreementTitle: string }
  | { kind: 'invalid-token' }
  | { kind: 'cancelled' }
  | { kind: 'voided' }
  | { kind: 'expired' }
  | { kind: 'signed' }
  | { kind: 'replaced' }
  /** A signer declined: every link of the agreement is closed. */
  | { kind: 'declined' }
  /** Several signers: this signer's link opens once the earlier signers signed. */
  | { kind: 'not-your-turn' }
  /**
   * The link was handed over to another signer: `message` is the server's
   * "This link was handed over to Jane Roe." and `done` whether it happened on this page.
   */
  | { kind: 'handed-over'; message: string; done?: boolean };

export const SIGNING_PAGE_TITLES = {
  checking: 'Verifying...',
  emailCode: 'Check your e-mail',
  malformedLink: 'Invalid document link.',
  missingLink: 'Invalid or expired link. Please request a new one.',
  // The spec names no titles for these; each says what happened and what to do.
  invalidToken: 'Invalid or expired link. Please request a new one.',
  cancelled:
    'This agreement has been cancelled. Please contact us if you believe this is a mistake.',
  voided: 'This agreement has been voided and can no longer be signed.',
  expired: 'This signing link has expired. Please request a new one.',
  signed: 'This agreement has already been signed. Please check your mailbox for the signed copy.',
  replaced: 'This link has been replaced by a newer one. Please use the latest link we sent you.',
  declined: 'This agreement was declined. The sender has been told.',
  notYourTurn: 'It is not your turn to sign yet: you will get an e-mail when it is.',
} as const;

/** What a docLink query parameter allows: nothing, a broken link, or the document's id. */
export type DocLinkCheck =
  { kind: 'missing' } | { kind: 'malformed' } | { kind: 'ok'; docId: string };

/**
 * The firm the agreements come from: its brand carried by the signing pages'
 * titles (spec 1 §2.4) and the contact a page names when no sender is known.
 */
export const SIGNING_FIRM = {
  brand: 'Bayline Engineering',
  name: 'Bayline Engineering Group, Inc.',
  email: 'contracts@baylineengineering.com',
  phone: '(510) 555-0142',
} as const;

/**
 * Short headings of the states in which a link cannot be signed; the page
 * says the longer `SIGNING_PAGE_TITLES` sentence under them.
 */
export const SIGNING_STATE_HEADINGS = {
  invalidToken: 'Link not recognised',
  cancelled: 'Agreement cancelled',
  voided: 'Agreement voided',
  expired: 'Link expired',
  signed: 'Agreement already signed',
  replaced: 'Link replaced',
  declined: 'Agreement declined',
  notYourTurn: 'Not your turn yet',
  handedOver: 'Link handed over',
} as const;

/** The longer sentence a closed state's page says under its heading. */
export function signingStateMessage(state: SigningPageState): string | null {
  switch (state.kind) {
    case 'invalid-token':
      return SIGNING_PAGE_TITLES.invalidToken;
    case 'cancelled':
    case 'voided':
    case 'expired':
    case 'signed':
    case 'replaced':
    case 'declined':
      return SIGNING_PAGE_TITLES[state.kind];
    case 'not-your-turn':
      return SIGNING_PAGE_TITLES.notYourTurn;
    case 'handed-over':
      return state.message;
    default:
      return null;
  }
}

/** A missing (absent or blank) docLink and one without `/d/{id}/` are told apart (spec 1 §2.4). */
export function checkDocLink(docLink: string | null | undefined): DocLinkCheck {
  if (docLink == null || docLink.trim() === '') return { kind: 'missing' };
  const docId = extractDocId(docLink.trim());
  return docId ? { kind: 'ok', docId } : { kind: 'malformed' };
}

/**
 * The state a signing page starts in, from its docLink alone: a broken link
 * is reported at once; a usable one goes on to the captcha and verification.
 */
export function initialSigningPageState(docLink: string | null | undefined): SigningPageState {
  const check = checkDocLink(docLink);
  if (check.kind === 'missing') return { kind: 'missing-link' };
  if (check.kind === 'malformed') return { kind: 'malformed-link' };
  return { kind: 'checking' };
}

/**
 * "the agreement title carrying the firm's brand": the title as written, with
 * the brand added when the title does not already name it.
 */
export function brandedAgreementTitle(agreementTitle: string, brandName: string): string {
  const title = agreementTitle.trim();
  const brand = brandName.trim();
  if (!brand) return title;
  if (!title) return brand;
  return title.toLocaleLowerCase('en-US').includes(brand.toLocaleLowerCase('en-US'))
    ? title
    : `${title} — ${brand}`;
}

/** The heading (and document title) of a signing page in a given state. */
export function signingPageTitle(state: SigningPageState, brandName: string): string {
  switch (state.kind) {
    case 'missing-link':
      return SIGNING_PAGE_TITLES.missingLink;
    case 'malformed-link':
      return SIGNING_PAGE_TITLES.malformedLink;
    case 'checking':
      return SIGNING_PAGE_TITLES.checking;
    case 'email-code':
      return SIGNING_PAGE_TITLES.emailCode;
    case 'valid':
      return brandedAgreementTitle(state.agreementTitle, brandName);
    case 'invalid-token':
      return SIGNING_STATE_HEADINGS.invalidToken;
    case 'cancelled':
      return SIGNING_STATE_HEADINGS.cancelled;
    case 'voided':
      return SIGNING_STATE_HEADINGS.voided;
    case 'expired':
      return SIGNING_STATE_HEADINGS.expired;
    case 'signed':
      return SIGNING_STATE_HEADINGS.signed;
    case 'replaced':
      return SIGNING_STATE_HEADINGS.replaced;
    case 'declined':
      return SIGNING_STATE_HEADINGS.declined;
    case 'not-your-turn':
      return SIGNING_STATE_HEADINGS.notYourTurn;
    case 'handed-over':
      return SIGNING_STATE_HEADINGS.handedOver;
  }
}
