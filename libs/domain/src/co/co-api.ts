/**
 * The change-order CRM calls of spec 3 §7 ("CO helpers", under `/api/co`):
 * the shapes the server takes and answers in, declared once for the backend's
 * DTOs and services and for the api-client.
 */
import type { ChangeOrderLabel } from '../crm/crm-rules';
import type { CrmRecordView, DealLookupView } from '../crm/crm-api';

/** `GET /api/co/get-deals-by-address?address=` (an address, a deal id or a pasted deal URL). */
export interface CoDealsResponse {
  deals: CrmRecordView[];
}

/** `GET /api/co/get-deal/{id}`: the deal, its client signatories and its project link. */
export type CoDealResponse = DealLookupView;

/** `GET /api/co/search-contacts?search=`: contacts with properties and a count (spec 3 §7). */
export interface CoContactsResponse {
  contacts: CrmRecordView[];
  count: number;
}

/** `GET /api/co/search-projects?search=` (an address, an id or a pasted record URL). */
export interface CoProjectsResponse {
  projects: CrmRecordView[];
}

/** `GET /api/co/get-next-project-association-label/{projectId}` (spec 3 §3 "Project lookup result"). */
export interface CoProjectLabelResponse {
  /** The main contract's signed date. */
  date: string | null;
  notAvailableLabels: ChangeOrderLabel[];
  /** The first label still free, or null when all five are taken. */
  nextLabel: ChangeOrderLabel | null;
}

/** `POST /api/co/update-hs`: the CO deal associated with the project under the label. */
export interface CoUpdateCrmRequest {
  dealId: string;
  projectId: string;
  label: ChangeOrderLabel;
}

/** `POST /api/co/duplicate-deal`: a copy of the CO deal for the split's second payment. */
export interface CoDuplicateDealRequest {
  dealId: string;
  /** The copy's amount (the second payment). */
  amount: number;
}

export interface CoDuplicateDealResponse {
  dealId: string;
}

/** `POST /api/co/get-missing-properties {dealId}` */
export interface CoMissingPropertiesRequest {
  dealId: string;
}
