/**
 * The signer's side of the API (spec 1 §3, §7): the shapes the signing pages
 * read, and the rules that turn a contract's status into what its link shows.
 * The server answers in these shapes; the signing app reads them.
 */
import type { ContractStatus } from '../contracts/contract-send';
import type { VerifySealReport } from './verify-seal';
import { SIGNING_PAGE_TITLES } from './signing-page-state';

/** `metrics` of `GET /api/user/user-detail` (spec 1 §3). */
export interface SignerMetrics {
  isSignatureSaved: boolean;
  isSigned: boolean;
  /** The saved signature text (typed mode), else null. */
  signature: string | null;
  initials: string | null;
}

/** `client` of `GET /api/user/user-detail` (spec 1 §3). */
interface SignerClient {
  full_name: string;
  hsDealId: string | null;
}

/** `GET /api/user/user-detail?token=` */
export interface SignerUserDetail {
  metrics: SignerMetrics;
  client: SignerClient;
}

/**
 * What a link can still do. `open` links can be read and signed; the others
 * show a page saying what happened (`replaced`: a newer link was sent).
 */
export const SIGNER_LINK_STATES = [
  'open',
  'signed',
  'cancelled',
  'voided',
  'expired',
  'replaced',
  /** A signer declined the agreement. */
  'declined',
] as const;
export type SignerLinkState = (typeof SIGNER_LINK_STATES)[number];

/**
 * A place in the agreement the viewer scrolls to: a 1-based page and how far
 * down it is, as a fraction of the page's height from its top.
 */
export interface SigningBookmark {
  page: number;
  yRatio: number;
}

/**
 * Where the agreement's layout put the signature and the (first) initials
 * (spec 1 §2.4: opening those steps scrolls there); null when the document
 * engine does not say (e.g. Google Docs).
 */
export interface SigningBookmarks {
  signature: SigningBookmark | null;
  initials: SigningBookmark | null;
  /**
   * Every place the layout keeps for the signer's marks, so the page can show
   * a saved signature, its date and the initials where they will be stamped.
   */
  slots?: SigningSlot[];
}

/** A place for a signer's mark: a 1-based page and a box in fractions of the page (from its top left). */
export interface SigningSlot {
  kind: 'signature' | 'initials' | 'signedDate';
  page: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** `POST /api/verifyToken {token, prefix}` after the captcha (spec 1 §2.4). */
export interface VerifyTokenResponse extends SignerUserDetail {
  valid: true;
  linkState: SignerLinkState;
  status: ContractStatus;
  agreementTitle: string;
  /** The agreement as it stands (with the signature once placed), for the viewer. */
  docLink: string;
  /** The final sealed PDF (agreement + audit trail), once signed. */
  signedDocLink: string | null;
  /** Public verification page id (`/verify/{verifyId}`), once signed. */
  verifyId: string | null;
  /** Exact scroll targets for the signature and initials steps, when known. */
  bookmarks: SigningBookmarks | null;
  /**
   * The agreement's reading view (`AgreementReading`) while the link is open, when the
   * documents engine lays the text out itself; null (or absent) otherwise, and the
   * page zooms the PDF to a readable text size instead.
   */
  readingLink?: string | null;
  /**
   * With several signers: where the signatures stand ("1 of 2 signed — waiting for …"),
   * so each signer sees whether the earlier ones signed; null with one signer.
   */
  progress?: string | null;
  /** Whose link this is (`Recipient.id`): with several signers, the page marks this signer's places. */
  recipientId?: string;
  /** When the agreement was sent (ISO 8601). */
  sentAt: string | null;
  /**
   * When the link expires if it is still unsigned (ISO 8601), while it is open; null once
   * closed. The page says it ("This link expires on …", `linkExpiryNote`).
   */
  expiresAt?: string | null;
  /** When the link left the open state (signed, cancelled, voided, expired, replaced, declined), else null. */
  closedAt: string | null;
  /** Whom the signer can ask about it: the staff member who sent it. */
  sender: SigningSender;
}

/** What the page of a closed link names: the document, when it closed, and whom to ask. */
export type SigningClosedDetails = Pick<
  VerifyTokenResponse,
  'agreementTitle' | 'closedAt' | 'sender'
>;

/** The contact a signing page names: who sent the agreement, on behalf of the firm. */
interface SigningSender {
  email: string;
}

/** Every signer call names its agreement by the signing link's token. */
export interface SignerTokenRequest {
  token: string;
}

/** `POST /api/verifyToken {token, prefix}`: `prefix` says which channel the link came through. */
export interface VerifyTokenRequest extends SignerTokenRequest {
  prefix?: string;
}

/** `GET /api/user/user-detail?token=` */
export type UserDetailParams = { token: string };

/** `POST /api/template/upload-signature`: a typed signature. */
export interface UploadSignatureRequest extends SignerTokenRequest {
  textSignature: string;
  clientname?: string;
  initials?: string;
}

/** `POST /api/template/upload-initials`: initials and the signer's consent. */
export interface UploadInitialsRequest extends SignerTokenRequest {
  clientname?: string;
  initials?: string;
  /** Must be true: without consent the server refuses (spec 1 §8). */
  agreedToTerms?: boolean;
}

/** `POST /api/template/upload-image` (multipart): the text fields beside the `image` file. */
export interface UploadImageFields extends SignerTokenRequest {
  docLink?: string;
}

/** `POST /api/template/edit-signature`: a new typed signature and initials (answer: `SignerSaveResponse`). */
export interface EditSignatureRequest extends SignerTokenRequest {
  signatures: string;
  initials: string;
}

/**
 * `POST /api/template/clear-signature {token}` (spec 1 §4.1, item 6): clears the saved
 * signature and initials, resetting the saved flag (answer: `SignerSaveResponse`).
 */
export type ClearSignatureRequest = SignerTokenRequest;

/** `POST /api/template/upload-signature`, `upload-initials`, `upload-image`, `edit-signature`, `clear-signature`. */
export interface SignerSaveResponse {
  message: string;
  metrics: SignerMetrics;
}

/** `POST /api/signing/finish {token}`: the one idempotent finishing operation. */
export interface FinishSigningResponse {
  status: 'signed';
  signedAt: string;
  /**
   * The final sealed PDF; empty while the worker seals it (the signing apps' finish answers
   * before that, and a finish called again once sealed answers it).
   */
  signedDocLink: string;
  auditTrailDocLink: string;
  verifyId: string;
  /**
   * With several signers, after a signature that was not the last: where the others
   * stand ("1 of 2 signed — waiting for …"); the PDF links are empty until the last.
   */
  progress?: string | null;
}

/** Messages of the signer calls (spec 1 §8) and of refusals the spec leaves open. */
export const SIGNER_MESSAGES = {
  /** A later signer's link before the earlier ones signed (409): the page shows its own state. */
  notYourTurn: SIGNING_PAGE_TITLES.notYourTurn,
  signatureUploaded: 'Signature uploaded successfully!',
  signatureUploadFailed: 'Failed to upload signature',
  // Spelt as the spec spells it.
  initialsUploaded: 'Initails uploaded successfully!',
  initialsUploadFailed: 'Failed to upload initails',
  imageUploadFailed: 'Failed to upload signature. Please try again.',
  editSaved: 'Successfully updated!',
  editUnchanged: 'No changes made.',
  editFailed: 'An error occurred. Please try again later.',
  signatureCleared: 'Your signature and initials were cleared.',
  clearFailed: 'Could not clear the signature. Please try again.',
  finishFailed: 'Something went wrong. Please try again.',
  mergeSucceeded: 'Documents combined successfully!',
  mergeFailed: 'Failed to combine the documents. Please try again.',
  unknownLink: 'Invalid or expired link. Please request a new one.',
  signatureNotSaved: 'Please save your signature and initials first.',
  consentRequired: 'Please accept the terms and conditions before proceeding.',
  /** A declined agreement's links: the page's state says it. */
  declined: SIGNING_PAGE_TITLES.declined,
  declineReasonRequired: 'Please tell us why you are declining.',
  declineReasonTooLong: 'Please keep the reason to 1,000 characters or fewer.',
  declinedDone: 'You declined this agreement. The sender has been told.',
  /** Signed by everyone: the worker seals the copy after the finish answered (the page asks again). */
  signedCopyPreparing: 'Your signed copy is being prepared…',
  /** The page stopped waiting for the sealed copy: the e-mail brings it. */
  signedCopyMailed: 'Your signed copy will reach your mailbox shortly.',
} as const;

/** The state a contract's link is in, from the contract's status. */
export function signerLinkStateOf(
  status: ContractStatus | string | null | undefined,
): SignerLinkState {
  switch (status) {
    case 'signed':
    case 'signed_manually':
      return 'signed';
    case 'cancelled':
      return 'cancelled';
    case 'void':
      return 'voided';
    case 'expired':
      return 'expired';
    case 'resent':
    case 'edited_resent':
      return 'replaced';
    case 'declined':
      return 'declined';
    default:
      return 'open';
  }
}

/** The channel a view came through (spec: `prefix`): links for text messages say `phone`. */
export type SigningViewChannel = 'email' | 'phone';

/** The `prefix` of links meant for a phone (text message), e.g. the dashboard's Copy Link. */
const PHONE_LINK_PREFIX = 'phone';

export function signingViewChannel(prefix: string | null | undefined): SigningViewChannel {
  return prefix?.trim().toLowerCase() === PHONE_LINK_PREFIX ? 'phone' : 'email';
}

/** A party of a signed document as the public verify page names them. */
export interface VerifyParty {
  role: 'Signer' | 'Countersigner' | 'Sender' | 'Copy to';
  name: string;
  /** Masked (j***@example.com). */
  email: string;
  /** Signers and the countersigner: when they signed (ISO 8601), null while they have not. */
  signedAt?: string | null;
}

/** `GET /api/verify/{verifyId}`: what anyone may learn about a signed document. */
export interface VerifyDocumentView {
  title: string;
  status: ContractStatus;
  /**
   * Every signer and the countersigner (with when each signed, by `recipientSignature`: null
   * while they have not), the sender and the copies; names, with e-mail addresses masked
   * (j***@example.com).
   */
  parties: VerifyParty[];
  /** Signing events, oldest first, ISO 8601 times; `by`: who did it, named or masked likewise. */
  events: { at: string; event: string; by: string }[];
  /**
   * The agreement's event log still links up by its SHA-256 chain: nothing
   * edited, removed or reordered since it was written.
   */
  historyIntact: boolean;
  signedAt: string | null;
  /** SHA-256 (hex) of the final sealed PDF, if the document is signed. */
  sha256: string | null;
  /** What the stored sealed PDF carries (its latest revision); null before it is sealed. */
  seal?: VerifySealReport | null;
}

/** `POST /api/verify/{verifyId}/check` (multipart `file`): is this PDF the sealed original? */
export interface VerifyCheckResponse {
  matches: boolean;
  sha256: string;
  expectedSha256: string | null;
  /** What the uploaded file itself carries (a re-saved copy shows what it still holds). */
  seal?: VerifySealReport;
}

/**
 * `GET /api/{sow|co}/verify-link/{customId}` (before the captcha): whether the
 * link is one of the family's, and its state.
 */
export interface LinkVerifyResponse {
  valid: true;
  linkState: SignerLinkState;
  /** Once the link is closed (nothing left to sign), what its page names. */
  closed?: SigningClosedDetails;
}

/** `POST /api/{sow|co}/upload-text-signature/{customId}` */
export interface TextSignatureRequest {
  textSignature: string;
}

/** `POST /api/{sow|co}/finish/{customId}`: Agree and Finish — consent given with the finish. */
export interface LinkFinishRequest {
  agreedToTerms: boolean;
}

// ── Declining ──

/** The longest reason a signer may give for declining, in characters (after trimming). */
export const DECLINE_REASON_MAX = 1000;

/**
 * The signing pages' decline action and dialog, for every family: short and plain
 * as SIGNER_MESSAGES. The reason's rules and refusals are checkDeclineReason's.
 */
export const DECLINE_TEXTS = {
  /** Before the action, under Agree and Finish. */
  offer: 'Not willing to sign?',
  /** The secondary action that opens the dialog. */
  action: 'Decline',
  title: 'Decline this agreement',
  prompt: 'Tell the sender why. They get your reason by e-mail.',
  reasonLabel: 'Your reason',
  confirm: 'Decline agreement',
  failed: 'The agreement could not be declined. Please try again.',
} as const;

/** The live count under the reason ("12 / 1,000 characters"), counted as the rule counts. */
export function declineReasonCount(raw: string): string {
  const used = [...raw.trim()].length;
  return `${used.toLocaleString('en-US')} / ${DECLINE_REASON_MAX.toLocaleString('en-US')} characters`;
}

/** What a signer sends to decline: the reason, required. */
export interface DeclineRequest {
  reason: string;
}

/** `POST /api/signing/decline {token, reason}` (the customer page). */
export interface DeclineSigningRequest extends SignerTokenRequest, DeclineRequest {}

/**
 * `POST /api/signing/decline` and `POST /api/{sow|co}/decline/{customId}`: the agreement
 * is declined and every link closed.
 */
export interface DeclineResponse {
  status: 'declined';
  linkState: 'declined';
  /** ISO 8601. */
  declinedAt: string;
  message: string;
}

export type DeclineReasonCheck = { ok: true; reason: string } | { ok: false; message: string };

/** The reason as it is kept (trimmed), or why it is refused: missing, blank or too long. */
export function checkDeclineReason(raw: unknown): DeclineReasonCheck {
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (!reason) return { ok: false, message: SIGNER_MESSAGES.declineReasonRequired };
  if ([...reason].length > DECLINE_REASON_MAX) {
    return { ok: false, message: SIGNER_MESSAGES.declineReasonTooLong };
  }
  return { ok: true, reason };
}
