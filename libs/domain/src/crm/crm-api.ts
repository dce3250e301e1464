/**
 * The CRM calls of spec 2 §7 and spec 1 §7 (`/api/hubspot/...`, whichever CRM
 * adapter runs): the shapes the server answers in and takes, declared once for
 * the backend's CRM port, DTOs and services and for the api-client. Both CRM
 * adapters answer in HubSpot's shapes (`{id, properties}`), which the spec's
 * call tables expose as they are. The deal check is `DealPropertiesCheck`.
 */
import type { ChangeOrderLabel } from './crm-rules';

/** A CRM record: property values are strings (HubSpot's wire format); an unset one is null. */
export interface CrmRecordView {
  id: string;
  properties: Record<string, string | null>;
}

/** A contact of a deal holding the Client Signatory role. */
export interface ClientSignatoryView {
  id: string;
  firstname: string | null;
  middlename: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
}

/** A change-order deal's project and the association label it holds on it. */
export interface DealProjectLink {
  project: CrmRecordView;
  label: ChangeOrderLabel | null;
}

/** `POST /api/hubspot/fetch-deal-by-id {hsObjectId}`: a deal id or a pasted deal URL. */
export interface FetchDealRequest {
  hsObjectId: string;
}

/** `POST /api/hubspot/fetch-deal-by-id` */
export interface DealLookupView {
  deal: CrmRecordView;
  clientSignatories: ClientSignatoryView[];
  /** A change-order deal: the contract screen hands over to /co. */
  redirect: boolean;
  /** Change-order deals only: the project the deal is associated with, if any. */
  project: DealProjectLink | null;
  /** The deal stage as the CRM names it ("Contract Sent" for `contractsent`); absent when unknown. */
  stageLabel?: string | null;
}

/** `GET /api/hubspot/deal-by-address?address=` (a deal URL or id finds that deal). */
export type DealsByAddressParams = { address: string };

/** `GET /api/hubspot/deal-by-address` */
export interface DealsByAddress {
  deals: CrmRecordView[];
}

/** A CRM owner (a staff member as the CRM knows them). */
export interface CrmOwnerView {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** `GET /api/hubspot/owner?ownerId=` */
export type CrmOwnerParams = { ownerId: string };

/** `GET /api/hubspot/owner` */
export interface CrmOwnerResponse {
  owner: CrmOwnerView;
}

/** One choice of a CRM enumeration property. */
export interface PropertyOption {
  label: string;
  value: string;
}

/** `GET /api/hubspot/property?objectType=&propertyName=` */
export type PropertyOptionsParams = { objectType: string; propertyName: string };

/** `GET /api/hubspot/property` */
export interface PropertyOptions {
  options: PropertyOption[];
}

/** `GET /api/hubspot/contact-by-email?email=` */
export type ContactByEmailParams = { email: string };

/** `GET /api/hubspot/contact-by-email` */
export interface ContactCount {
  count: number;
}

/** A contact to put on a deal with a role; found by id, else by e-mail, else created. */
export interface ContactRoleChange {
  contactId?: string;
  email: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
  role: string;
}

/**
 * `PATCH /api/hubspot/update-deal-by-prosign/{dealId}/update-missing`. `TForm`
 * is the contract form data (spec 2 §3) as the caller holds it; the server
 * validates the fields the CRM reads and carries the rest along.
 */
export interface UpdateMissingRequest<TForm extends object = Record<string, unknown>> {
  /** Values for the missing deal properties, e.g. `{ project_type: ['ADU', 'Remodel'] }`. */
  missingProperties?: Record<string, string | string[]>;
  contractFormData?: TForm;
  updatedContactRoles?: ContactRoleChange[];
}

/** `PATCH /api/hubspot/update-deal-by-prosign/{dealId}/update-all` */
export interface UpdateAllRequest<TForm extends object = Record<string, unknown>> {
  contractFormData: TForm;
}

/** `update-missing`: done. */
export interface CrmUpdated {
  success: true;
}

/** `update-all`: done, with the deal properties written. */
export interface DealPropertiesUpdated extends CrmUpdated {
  properties: Record<string, string>;
}
