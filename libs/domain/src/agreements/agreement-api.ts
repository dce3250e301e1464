/**
 * The lifecycle calls every family's dashboard and creation screen make (spec 2
 * §4, §7; spec 3 §4, §7): the shapes the server takes and answers in, declared
 * once for the backend's DTOs and agreement services and for the api-client.
 * A family's list and card are its own (e.g. `ContractListResponse`).
 */
import type { ContractSendStep } from '../contracts/contract-send';

/** A lifecycle call on one agreement, named by its signing token. */
export interface AgreementTokenRequest {
  token: string;
}

/** `PUT /api/user/mark-as-signed {token, status}`: the status is always signed_manually. */
export interface MarkAsSignedRequest extends AgreementTokenRequest {
  status?: string;
}

/** A family's list query (`GET /api/user/details?page&limit&search&filters`). */
export type AgreementListParams = {
  page?: number;
  limit?: number;
  search?: string;
  /** `viewed,signed`: the filters, comma-separated (or the parameter repeated). */
  filters?: string;
};

/** A send of any family as it stands (`POST /api/contracts/send`, resend). */
export interface AgreementSendResult {
  /** The agreement's id: what dashboards and realtime events name it by. */
  _id: string;
  token: string;
  signingLink: string;
  docLink: string;
  status: string | null;
  send: {
    state: 'in_progress' | 'completed';
    /** When each finished step was done (ISO 8601). */
    steps: Partial<Record<ContractSendStep, string>>;
  };
}

/** Send Reminder: the new reminder list and when the reminder lock ends. */
export interface ReminderSent {
  message: string;
  /** ISO 8601. */
  remindersAt: string[];
  reminderDeactivateTime: string | null;
}

/** Cancel and Mark as Signed: the agreement's status now. */
export interface AgreementStatusChanged {
  message: string;
  status: string | null;
}

/** Void: the status now and the voided document. */
export interface AgreementVoided extends AgreementStatusChanged {
  voidDocLink: string;
}

/** Delete. */
export interface AgreementDeleted {
  message: string;
}

/** Resend: the new agreement mailed in place of the old one. */
export interface AgreementResent extends AgreementSendResult {
  message: string;
}

/** Edit and Resend: the record (the family's form) the creation screen is prefilled from. */
export interface AgreementForEditing<TForm extends object> {
  /** `requireEmailCode`: whether the replaced agreement asked its signers for an e-mail code. */
  contract: TForm & { _id: string; token: string; docLink: string; requireEmailCode?: boolean };
}

/**
 * A dashboard action of the families named by id (`POST /api/sow/{action}`,
 * `POST /api/co/{action}`, spec 3 §7): the agreement's id; the actor is the
 * session's, never the body's.
 */
export interface AgreementIdActionRequest {
  id: string;
  /** Sent by the spec's client; ignored: the server takes the signed-in staff member. */
  performedBy?: string;
  deletedBy?: string;
}

/** `GET /api/{sow|co}/get-contracts`: one page of a family's cards. */
export interface FamilyListResponse<TCard> {
  filteredContracts: TCard[];
  totalPages: number;
  total: number;
  page: number;
  limit: number;
}
