/**
 * What a signing page says of its state (its heading, and for a link that cannot be signed, what
 * happened and what to do next) in the signer's language. These pages can be the first render,
 * before the captcha (a broken or closed link): they read the provider's messages when loaded
 * and say the domain's English words until then, so the formatter stays out of the page's
 * first chunk (bench/signing).
 */
import {
  HANDOVER_MESSAGES,
  signingPageTitle,
  signingStateMessage,
  type MessageKey,
  type SignerMessages,
  type SigningPageState,
} from '@prosign/domain';
import { useProvidedSignerMessages } from '@prosign/ui';
import { SIGNING_BRAND_NAME } from '../customer-signing/brand';

type Kind = SigningPageState['kind'];

/**
 * Each state's catalogue keys: its heading, its sentence, what to do next. Not `checking`: the
 * robot check's step, prerendered in English, keeps its heading.
 */
const STATE_KEYS: Partial<
  Record<Kind, { title: MessageKey; message?: MessageKey; next?: MessageKey }>
> = {
  'email-code': { title: 'state.emailCode.title' },
  'missing-link': { title: 'state.missingLink.title', next: 'state.missingLink.next' },
  'malformed-link': { title: 'state.malformedLink.title', next: 'state.malformedLink.next' },
  'invalid-token': {
    title: 'state.invalidToken.title',
    message: 'state.invalidToken.message',
    next: 'state.invalidToken.next',
  },
  cancelled: {
    title: 'state.cancelled.title',
    message: 'state.cancelled.message',
    next: 'state.nothingMore.next',
  },
  voided: {
    title: 'state.voided.title',
    message: 'state.voided.message',
    next: 'state.voided.next',
  },
  expired: {
    title: 'state.expired.title',
    message: 'state.expired.message',
    next: 'state.expired.next',
  },
  signed: {
    title: 'state.signed.title',
    message: 'state.signed.message',
    next: 'state.signed.next',
  },
  replaced: {
    title: 'state.replaced.title',
    message: 'state.replaced.message',
    next: 'state.replaced.next',
  },
  declined: {
    title: 'state.declined.title',
    message: 'state.declined.message',
    next: 'state.nothingMore.next',
  },
  'not-your-turn': {
    title: 'state.notYourTurn.title',
    message: 'state.notYourTurn.message',
    next: 'state.notYourTurn.next',
  },
  'handed-over': { title: 'state.handedOver.title', next: 'state.handedOver.next' },
};

/** The English next steps (the catalogue's English, said before any catalogue is loaded). */
const ENGLISH_NEXT: Partial<Record<Kind, string>> = {
  'missing-link':
    'The link you opened is incomplete. Open the latest e-mail or text message we sent you and use its button or link as it is, or ask us for a new link.',
  'malformed-link':
    'The link you opened is damaged, perhaps cut short when it was copied. Open it again from the e-mail or text message we sent you, or ask us for a new link.',
  'invalid-token':
    'We could not find an agreement for this link. It may have been mistyped or withdrawn. Ask us for a new link.',
  cancelled:
    'Nothing more is needed from you for this agreement. Reply to our e-mail if you have questions.',
  voided:
    'This agreement is no longer valid. If a new agreement is needed, we will send you a new link.',
  expired:
    'Signing links are valid for a limited time. Reply to our e-mail and we will send you a new one.',
  signed: 'The signed copy was e-mailed to you when the agreement was completed.',
  replaced:
    'The agreement was updated and sent to you again. Open the most recent e-mail or text message from us.',
  declined:
    'Nothing more is needed from you for this agreement. Reply to our e-mail if you have questions.',
  'handed-over': HANDOVER_MESSAGES.handedOverNext,
  'not-your-turn':
    'Someone else signs this agreement before you. Once they have, we will e-mail you, and this same link will open it for you to sign.',
};

const ENGLISH_WORDS = {
  panel: 'What to do next',
  document: 'Document',
  contact: 'Contact',
  checkSeal: "Check the signed copy's seal",
  download: 'Download the signed copy (PDF)',
};

const ENGLISH_DATE_LABEL: Partial<Record<Kind, string>> = {
  signed: 'Signed',
  cancelled: 'Cancelled',
  voided: 'Voided',
  expired: 'Expired',
  replaced: 'Replaced',
  declined: 'Declined',
};

export function stateTextsIn(m: SignerMessages | null) {
  const keyed = (state: SigningPageState, part: 'title' | 'message' | 'next') => {
    const key = STATE_KEYS[state.kind]?.[part];
    return m && key ? m.format(key) : undefined;
  };
  return {
    /** The page's heading (and the tab's title): a signable agreement's own title stays as written. */
    title: (state: SigningPageState) =>
      keyed(state, 'title') ?? signingPageTitle(state, SIGNING_BRAND_NAME),
    /** What happened (the server's own words for a hand-over). */
    message: (state: SigningPageState) =>
      state.kind === 'handed-over'
        ? state.message
        : (keyed(state, 'message') ?? signingStateMessage(state)),
    next: (state: SigningPageState) => keyed(state, 'next') ?? ENGLISH_NEXT[state.kind],
    dateLabel: (state: SigningPageState) =>
      ENGLISH_DATE_LABEL[state.kind] && m
        ? m.format('state.dateLabel', { kind: state.kind })
        : ENGLISH_DATE_LABEL[state.kind],
    panel: m ? m.format('state.panel') : ENGLISH_WORDS.panel,
    document: m ? m.format('state.document') : ENGLISH_WORDS.document,
    contact: m ? m.format('state.contact') : ENGLISH_WORDS.contact,
    checkSeal: m ? m.format('state.checkSeal') : ENGLISH_WORDS.checkSeal,
    download: m ? m.format('signing.downloadSignedCopy') : ENGLISH_WORDS.download,
  };
}

/** A signing page's state texts in the signer's language (English until its catalogue is in). */
export function useStateTexts() {
  return stateTextsIn(useProvidedSignerMessages());
}
