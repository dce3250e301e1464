/**
 * The contract dashboard (spec 2 §2.3, §4, §9): filters, what a card shows,
 * and which actions a contract's status allows. The server enforces the same
 * table the cards are drawn from.
 */
import { CONTRACT_STATUSES, type ContractStatus } from './contract-send';

// ── Filters (spec 2 §9) ──

export const DASHBOARD_FILTERS = [
  'all',
  'viewed',
  'notViewed',
  'signed',
  'notSigned',
  'cancelled',
  'expired',
] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];

export const DASHBOARD_FILTER_LABELS: Readonly<Record<DashboardFilter, string>> = {
  all: 'All',
  viewed: 'Viewed',
  notViewed: 'Not viewed',
  signed: 'Signed',
  notSigned: 'Not signed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/**
 * The selection after the user toggles `filter`: choosing all clears the
 * others; choosing another clears all; when none is left, all comes back.
 */
export function toggleDashboardFilter(
  selected: readonly DashboardFilter[],
  filter: DashboardFilter,
): DashboardFilter[] {
  if (filter === 'all') return ['all'];
  const others: DashboardFilter[] = selected.filter((f) => f !== 'all');
  const next = others.includes(filter) ? others.filter((f) => f !== filter) : [...others, filter];
  return next.length === 0 ? ['all'] : DASHBOARD_FILTERS.filter((f) => next.includes(f));
}

/** Filters from a query (`filters=viewed,signed` or repeated); unknown ones dropped, none → all. */
export function parseDashboardFilters(
  raw: string | readonly string[] | null | undefined,
): DashboardFilter[] {
  const values = (Array.isArray(raw) ? raw : [raw ?? ''])
    .flatMap((value: string) => value.split(','))
    .map((value) => value.trim())
    .filter((value): value is DashboardFilter =>
      (DASHBOARD_FILTERS as readonly string[]).includes(value),
    );
  const unique = DASHBOARD_FILTERS.filter((f) => values.includes(f));
  return unique.length === 0 || unique.includes('all') ? ['all'] : unique;
}

// ── Cards ──

export interface ContractHistoryView {
  timestamp: string;
  status: string;
  performedBy: string;
  ipAddress: string | null;
}

/** One contract as the dashboard lists it (`filteredClients[i]` of GET /api/user/details). */
export interface ContractCardView {
  _id: string;
  token: string;
  status: ContractStatus;
  full_name: string;
  email: string;
  contact_number: string;
  company_name: string;
  cc_email: string;
  site_address: string;
  city: string;
  state: string;
  zipcode: string;
  form_type: string;
  contractTitle: string;
  cost: number;
  csm_email: string;
  pm_email: string;
  hsDealId: string | null;
  docLink: string;
  signingLink: string;
  signedDocLink: string | null;
  voidDocLink: string | null;
  createdAt: string | null;
  createdIp: string | null;
  viewedAt: string | null;
  viewedIp: string | null;
  signatureSavedAt: string | null;
  signatureSavedIp: string | null;
  signedAt: string | null;
  signedIp: string | null;
  viewedTimes: number;
  viewedByPhoneCount: number;
  viewedByEmailCount: number;
  remindersAt: string[];
  isDeactiveReminder: boolean;
  reminderDeactivateTime: string | null;
  isResend: boolean;
  isEditResend: boolean;
  resendAt: string | null;
  editResendAt: string | null;
  history: ContractHistoryView[];
  /** The signer is on the signing page now (spec 1 §4.2). */
  presence: { active: boolean; at: string } | null;
}

/** GET /api/user/details?page&limit&search&filters */
export interface ContractListResponse {
  filteredClients: ContractCardView[];
  totalPages: number;
  total: number;
  page: number;
  limit: number;
}

/** Human words for each status, on cards and in details (spec 2 §4 names the statuses). */
export const CONTRACT_STATUS_LABELS: Readonly<Record<ContractStatus, string>> = {
  'not signed': 'Not signed',
  viewed: 'Viewed',
  signature_saved: 'Signature saved',
  signed: 'Signed',
  signed_manually: 'Signed manually',
  resent: 'Resent',
  edited_resent: 'Edited & resent',
  cancelled: 'Cancelled',
  expired: 'Expired',
  void: 'Void',
};

/** The address line of a card, cut to 35 characters (spec 2 §9). */
export const CARD_ADDRESS_LIMIT = 35;

// ── Actions (spec 2 §4 availability table) ──

export const CONTRACT_ACTIONS = [
  'copyLink',
  'sendReminder',
  'cancel',
  'void',
  'resend',
  'editAndResend',
  'markAsSigned',
  'delete',
] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

export const CONTRACT_ACTION_LABELS: Readonly<Record<ContractAction, string>> = {
  copyLink: 'Copy Link',
  sendReminder: 'Send Reminder',
  cancel: 'Cancel Contract',
  void: 'Void Contract',
  resend: 'Resend',
  editAndResend: 'Edit and Resend',
  markAsSigned: 'Mark as Signed',
  delete: 'Delete',
};

/** What the availability rules read from a contract. */
export interface ContractActionSubject {
  status: ContractStatus | string | null;
  isResend: boolean;
  isEditResend: boolean;
  isDeactiveReminder: boolean;
  reminderDeactivateTime: Date | string | null;
}

/** What the availability rules read from the staff member looking. */
export interface ContractActionViewer {
  isAdmin: boolean;
  userAccessAccess: boolean;
}

export const CONTRACT_ACTION_MESSAGES = {
  voidUnauthorized: 'Unauthorized: You do not have permission to void this contract.',
  deleteUnauthorized: 'You do not have permission to delete contracts.',
  reminderLocked: 'A reminder was sent recently. The next one can be sent later.',
  notAllowed: (action: ContractAction, status: string) =>
    `${CONTRACT_ACTION_LABELS[action]} is not available for a contract that is ${status}.`,
} as const;

const SIGNED: readonly string[] = ['signed', 'signed_manually'];
const CLOSED: readonly string[] = [
  'cancelled',
  'expired',
  'edited_resent',
  'resent',
  'signed',
  'signed_manually',
  'void',
];
/** Statuses still waiting for the signer: the "other active statuses" of spec 2 §4. */
export const ACTIVE_CONTRACT_STATUSES: readonly ContractStatus[] = [
  'not signed',
  'viewed',
  'signature_saved',
];

/** Unknown statuses are shown (and treated) as 'not signed' (spec 2 §4). */
export function displayedContractStatus(status: string | null | undefined): ContractStatus {
  const known: readonly string[] = CONTRACT_STATUSES;
  return status && known.includes(status) ? (status as ContractStatus) : 'not signed';
}

/** Whether the reminder lock is on at `now`. */
export function isReminderLocked(subject: ContractActionSubject, now: Date): boolean {
  if (!subject.isDeactiveReminder) return false;
  if (subject.reminderDeactivateTime == null) return true;
  return new Date(subject.reminderDeactivateTime).getTime() > now.getTime();
}

/** Whether a card shows `action` for this status (spec 2 §4), before rights and locks. */
export function isContractActionShown(
  action: ContractAction,
  subject: ContractActionSubject,
): boolean {
  const status = displayedContractStatus(subject.status);
  const alreadyResent = subject.isResend || subject.isEditResend;
  switch (action) {
    case 'copyLink':
      return !CLOSED.includes(status);
    case 'sendReminder':
      return status !== 'signature_saved' && !CLOSED.includes(status);
    case 'cancel':
    case 'markAsSigned':
      return ACTIVE_CONTRACT_STATUSES.includes(status);
    case 'void':
      return SIGNED.includes(status);
    case 'resend':
    case 'editAndResend':
      return (status === 'cancelled' || status === 'expired') && !alreadyResent;
    case 'delete':
      return true;
  }
}

export type ContractActionDecision =
  { allowed: true } | { allowed: false; reason: 'status' | 'rights' | 'locked'; message: string };

/** The one decision both sides make: may this viewer do `action` to this contract now? */
export function decideContractAction(
  action: ContractAction,
  subject: ContractActionSubject,
  viewer: ContractActionViewer,
  now: Date,
): ContractActionDecision {
  if (!isContractActionShown(action, subject)) {
    return {
      allowed: false,
      reason: 'status',
      message: CONTRACT_ACTION_MESSAGES.notAllowed(action, displayedContractStatus(subject.status)),
    };
  }
  if (action === 'void' && !viewer.isAdmin) {
    return { allowed: false, reason: 'rights', message: CONTRACT_ACTION_MESSAGES.voidUnauthorized };
  }
  if (action === 'delete' && !viewer.userAccessAccess) {
    return {
      allowed: false,
      reason: 'rights',
      message: CONTRACT_ACTION_MESSAGES.deleteUnauthorized,
    };
  }
  if (action === 'sendReminder' && isReminderLocked(subject, now)) {
    return { allowed: false, reason: 'locked', message: CONTRACT_ACTION_MESSAGES.reminderLocked };
  }
  return { allowed: true };
}

// ── What each filter means (spec 2 §9); the server turns these into its query ──

/** Statuses a listed contract can have; records without a status (send not saved) are never listed. */
export const LISTED_CONTRACT_STATUSES: readonly ContractStatus[] = [
  'not signed',
  'viewed',
  'signature_saved',
  'signed',
  'signed_manually',
  'resent',
  'edited_resent',
  'cancelled',
  'expired',
  'void',
];

/**
 * One filter as a condition on the stored record: the status is one of
 * `statuses` and, when `viewed` is set, the signer opened the link at least
 * once (true) or never (false).
 */
export interface DashboardFilterCondition {
  statuses: readonly ContractStatus[];
  viewed?: boolean;
}

export const DASHBOARD_FILTER_CONDITIONS: Readonly<
  Record<DashboardFilter, DashboardFilterCondition>
> = {
  all: { statuses: LISTED_CONTRACT_STATUSES },
  // Viewed at least once, whatever happened since (a signed contract was viewed too).
  viewed: { statuses: LISTED_CONTRACT_STATUSES, viewed: true },
  notViewed: { statuses: LISTED_CONTRACT_STATUSES, viewed: false },
  signed: { statuses: ['signed', 'signed_manually'] },
  // Not signed yet and still waiting for the signer.
  notSigned: { statuses: ACTIVE_CONTRACT_STATUSES },
  cancelled: { statuses: ['cancelled'] },
  expired: { statuses: ['expired'] },
};

/** Whether a contract is listed under the chosen filters (any of them: they combine with OR). */
export function matchesDashboardFilters(
  filters: readonly DashboardFilter[],
  contract: { status: string | null; viewedTimes: number },
): boolean {
  if (
    !contract.status ||
    !(LISTED_CONTRACT_STATUSES as readonly string[]).includes(contract.status)
  )
    return false;
  return filters.some((filter) => {
    const condition = DASHBOARD_FILTER_CONDITIONS[filter];
    if (!(condition.statuses as readonly string[]).includes(contract.status as string))
      return false;
    if (condition.viewed === undefined) return true;
    return condition.viewed === contract.viewedTimes > 0;
  });
}

/**
 * The lower-case text a contract is found by: name, e-mail, company, address
 * parts and phone (also as bare digits, so "4155550123" finds "+1 415-555-0123").
 */
export function contractSearchText(contract: {
  full_name?: string | null;
  email?: string | null;
  company_name?: string | null;
  site_address?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  contact_number?: string | null;
}): string {
  const phone = contract.contact_number ?? '';
  return [
    contract.full_name,
    contract.email,
    contract.company_name,
    contract.site_address,
    contract.city,
    contract.state,
    contract.zipcode,
    phone,
    phone.replace(/\D+/g, ''),
  ]
    .map((part) => normalizeDashboardSearch(part ?? ''))
    .filter(Boolean)
    .join(' | ');
}

/** A search term as it is matched against `contractSearchText`: trimmed, lower case, single spaces. */
export function normalizeDashboardSearch(term: string): string {
  return term.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The 409 text while the reminder lock is on, naming when the next reminder is allowed. */
export function reminderLockedMessage(until: Date | string | null): string {
  if (!until) return CONTRACT_ACTION_MESSAGES.reminderLocked;
  return `A reminder was sent recently. The next one can be sent after ${new Date(until).toISOString()}.`;
}
