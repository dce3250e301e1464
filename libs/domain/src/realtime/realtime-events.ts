/**
 * The Socket.IO contract, in one place: every event name and payload the api and
 * the browser exchange. Typed with Socket.IO's generic event maps, so the server
 * (`Server<ClientToServerEvents, ServerToClientEvents>`) and a client
 * (`Socket<ServerToClientEvents, ClientToServerEvents>`) check each other.
 *
 * Two audiences share the one connection path:
 * - signers connect with `query: { token, docLink }` (spec 1 §7) and report
 *   presence with `user-active` / `user-inactive`;
 * - staff connect with their session cookie and are put in the staff room,
 *   which receives contract changes and signer presence.
 */

import type { AgreementFamily } from '../agreements/agreement-statuses';
import { SOCKET_RECONNECTION } from '../constants/limits';
import type { ContractStatus } from '../contracts/contract-send';
import type { InvoiceStatus, InvoiceType } from '../invoices/invoice-rules';

export interface PongReply {
  pong: true;
  /** Server time, ISO 8601. */
  at: string;
}

/** What a signer's page reports (spec 1 §4.2): the token of the link it shows. */
export interface SignerPresenceReport {
  token: string;
}

/** An agreement's status or wrapper fields changed; dashboards refresh that card. */
export interface AgreementChangedEvent {
  family: AgreementFamily;
  /** The agreement's `_id`, in every family (never its signing token). */
  id: string;
  status: ContractStatus | string;
  /** When it changed, ISO 8601. */
  at: string;
}

/** A signer opened, used or left a signing page. */
export interface SignerPresenceEvent {
  family: AgreementFamily;
  id: string;
  /** True while the signer is on the page and has been active in the last 30 s. */
  active: boolean;
  /** ISO 8601. */
  at: string;
}

/**
 * An invoice of a signed contract was sent (or reminded) or its status changed:
 * open invoice screens refresh that contract's card (spec 3 §2). Published to
 * the staff room of `dashboardAccess`, the flag the invoice screen needs.
 */
export interface InvoiceChangedEvent {
  /** The contract's `_id` (`invoiceDetails._id`). */
  id: string;
  type: InvoiceType;
  /** What happened: a send, a reminder, or a status change. */
  change: 'sent' | 'reminder' | 'status';
  status: InvoiceStatus;
  /** ISO 8601. */
  at: string;
}

/** Events a client emits; a trailing callback is the acknowledgement. */
export interface ClientToServerEvents {
  ping: (ack: (reply: PongReply) => void) => void;
  'user-active': (report: SignerPresenceReport) => void;
  'user-inactive': (report: SignerPresenceReport) => void;
}

/** Events the server emits to clients (only to the staff room). */
export interface ServerToClientEvents {
  'contract-changed': (event: AgreementChangedEvent) => void;
  'signer-presence': (event: SignerPresenceEvent) => void;
  'invoice-changed': (event: InvoiceChangedEvent) => void;
}

/** Event names as constants, for `@SubscribeMessage`, emitters and tests. */
export const ClientEvent = {
  Ping: 'ping',
  UserActive: 'user-active',
  UserInactive: 'user-inactive',
} as const satisfies Record<string, keyof ClientToServerEvents>;

export const ServerEvent = {
  AgreementChanged: 'contract-changed',
  SignerPresence: 'signer-presence',
  InvoiceChanged: 'invoice-changed',
} as const satisfies Record<string, keyof ServerToClientEvents>;

/** The room every signed-in staff socket joins; contract events go only there. */
export const STAFF_ROOM = 'staff';

/**
 * The SOW dashboard's room: sessions with `sowDashboardAccess` join it, so SOW
 * events reach the people who may see them without reaching contract-only
 * staff (and vice versa).
 */
export const SOW_STAFF_ROOM = 'staff-sow';

/**
 * Socket.IO client settings of the signing page (spec 1 §9): reconnect after
 * 1 s, backing off to 5 s; give up a connection attempt after 20 s.
 */
export const SIGNER_SOCKET_OPTIONS = {
  reconnectionDelay: SOCKET_RECONNECTION.delayMs,
  reconnectionDelayMax: SOCKET_RECONNECTION.delayMaxMs,
  timeout: SOCKET_RECONNECTION.timeoutMs,
} as const;
