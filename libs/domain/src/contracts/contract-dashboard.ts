/**
 * The contract dashboard (spec 2 §2.3, §4, §9): the standard family's view of
 * the agreement rules (`../agreements`). Filters, card shape and the action
 * table are the shared ones, fixed to the standard family.
 */
import {
  AGREEMENT_ACTION_MESSAGES,
  actionRule,
  decideAgreementAction,
  statusAllows,
  type ActionDecision,
  type ActionSubject,
  type ActionViewer,
  type AgreementAction,
} from '../agreements/agreement-actions';
import {
  agreementSearchText,
  matchesAgreementFilters,
  normalizeSearch,
  parseAgreementFilters,
  STANDARD_FILTERS,
  toggleAgreementFilter,
} from '../agreements/agreement-filters';
import { displayedStatus } from '../agreements/agreement-statuses';
import type { AgreementCardCore } from '../agreements/agreement-views';
import type { ContractStatus } from './contract-send';

// ── Filters (spec 2 §9) ──

export type DashboardFilter = (typeof STANDARD_FILTERS)[number];

/** The selection after the user toggles `filter` (all clears the others; none brings all back). */
export function toggleDashboardFilter(
  selected: readonly DashboardFilter[],
  filter: DashboardFilter,
): DashboardFilter[] {
  return toggleAgreementFilter('standard', selected, filter) as DashboardFilter[];
}

/** Filters from a query (`filters=viewed,signed` or repeated); unknown ones dropped, none → all. */
export function parseDashboardFilters(
  raw: string | readonly string[] | null | undefined,
): DashboardFilter[] {
  return parseAgreementFilters('standard', raw) as DashboardFilter[];
}

// ── Cards ──

/** One contract as the dashboard lists it (`filteredClients[i]` of GET /api/user/details). */
export interface ContractCardView extends AgreementCardCore {
  status: ContractStatus;
  token: string;
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
}

/** GET /api/user/details?page&limit&search&filters */
export interface ContractListResponse {
  filteredClients: ContractCardView[];
  totalPages: number;
  total: number;
  page: number;
  limit: number;
}

/** The address line of a card, cut to 35 characters (spec 2 §9). */
export const CARD_ADDRESS_LIMIT = 35;

// ── Actions (spec 2 §4 availability table, the standard family's row of the shared table) ──

export type ContractAction = AgreementAction;
export type ContractActionSubject = ActionSubject;
export const CONTRACT_ACTION_MESSAGES = AGREEMENT_ACTION_MESSAGES;

/** Unknown statuses are shown (and treated) as 'not signed' (spec 2 §4). */
export function displayedContractStatus(status: string | null | undefined): ContractStatus {
  return displayedStatus('standard', status) as ContractStatus;
}

/** Whether a card shows `action` for this status (spec 2 §4), before rights and locks. */
export function isContractActionShown(action: ContractAction, subject: ActionSubject): boolean {
  return statusAllows('standard', actionRule('standard', action), subject);
}

/** The one decision both sides make: may this viewer do `action` to this contract now? */
export function decideContractAction(
  action: ContractAction,
  subject: ActionSubject,
  viewer: ActionViewer,
  now: Date,
): ActionDecision {
  return decideAgreementAction('standard', action, subject, viewer, now);
}

/** Whether a contract is listed under the chosen filters (any of them: they combine with OR). */
export function matchesDashboardFilters(
  filters: readonly DashboardFilter[],
  contract: { status: string | null; viewedTimes: number },
): boolean {
  return matchesAgreementFilters('standard', filters, { ...contract, signatureSavedAt: null });
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
  return agreementSearchText(
    [
      contract.full_name,
      contract.email,
      contract.company_name,
      contract.site_address,
      contract.city,
      contract.state,
      contract.zipcode,
    ],
    [contract.contact_number],
  );
}

/** A search term as it is matched against `contractSearchText`. */
export const normalizeDashboardSearch = normalizeSearch;

/** The 409 text while the reminder lock is on, naming when the next reminder is allowed. */
export function reminderLockedMessage(until: Date | string | null): string {
  if (!until) return CONTRACT_ACTION_MESSAGES.reminderLocked;
  return `A reminder was sent recently. The next one can be sent after ${new Date(until).toISOString()}.`;
}
