/**
 * The firm's countersignature in the staff app: the signed-in staff
 * member's queue of agreements waiting for their signature, and the calls that
 * sign one — the same steps as a client's (typed signature, initials, consent,
 * finish), authorised by the staff session instead of a link token.
 */
import type { AgreementFamily } from '../agreements/agreement-statuses';
import type { CountersignerInput } from '../agreements/recipient-list';
import type { VerifyTokenResponse } from './signer-api';

/** One agreement in "Waiting for my signature". */
export interface CountersignQueueItem {
  agreementId: string;
  family: AgreementFamily;
  agreementTitle: string;
  /** The client signers, "Jane Doe and John Doe". */
  signers: string;
  /** When it was handed to the firm (ISO 8601): the countersigner's invitation. */
  invitedAt: string | null;
  /** Whether the countersigner already saved a signature (finish is one step away). */
  signatureSaved: boolean;
}

/** `GET /api/countersign/mine`: oldest waiting first (the longest wait comes first). */
export interface CountersignQueue {
  items: CountersignQueueItem[];
}

/** `GET /api/countersign/{agreementId}`: the signing view, as a client's link shows it. */
export interface CountersignView extends VerifyTokenResponse {
  agreementId: string;
  family: AgreementFamily;
  /**
   * Where the countersigner stands: `waiting` until every client signed (they may read, not
   * sign), `now` once invited, `signed` once their signature is in.
   */
  turn: 'waiting' | 'now' | 'signed';
}

/** `POST /api/countersign/{agreementId}/signature`. */
export interface CountersignSignatureRequest {
  textSignature: string;
}

/** `POST /api/countersign/{agreementId}/finish`: consent is required, as on a client's page. */
export interface CountersignFinishRequest {
  agreedToTerms: boolean;
  initials?: string;
}

export const COUNTERSIGN_MESSAGES = {
  notYours: 'No agreement here waits for your signature.',
} as const;

/**
 * The countersigner a creation screen proposes for each family (an admin setting); null:
 * none proposed. Staff may still change or remove it on each agreement.
 */
export type CountersignDefaults = Record<AgreementFamily, CountersignerInput | null>;

/** `GET /api/countersign/defaults` and the answer of `PUT`. */
export interface CountersignDefaultsResponse {
  defaults: CountersignDefaults;
}

/** `PUT /api/countersign/defaults` (admins): one family's default, null to propose none. */
export interface CountersignDefaultRequest {
  family: AgreementFamily;
  countersigner: CountersignerInput | null;
}
