import { CLIENT_SIGNATORY_ROLE, extractCrmRecordId } from '@prosign/domain';
import type {
  ChangeOrderLabel,
  ClientSignatoryView,
  ContactRoleChange,
  CpRole,
  CrmOwnerView,
  CrmRecordView,
  DealContactRoles,
  DealLookupView,
  DealProjectLink,
  DealPropertiesCheck,
  PropertyOption,
} from '@prosign/domain';

// The CRM's records and answers reach the API as they are: their shapes are the API's, declared
// once in libs/domain (crm/crm-api.ts). The names below are the port's words for them.
export type { DealProjectLink, PropertyOption };

/** Injection token of the active CRM adapter. */
export const CRM_PORT = Symbol('CRM_PORT');

/** CRM property values are strings (HubSpot's wire format); an unset property is null. */
export type CrmProperties = CrmRecordView['properties'];

export type CrmRecord = CrmRecordView;

/** A deal; properties include amount, dealstage, pipeline, project_type and the address. */
export type CrmDeal = CrmRecord;

/** A contact on a deal with the roles (association labels) it holds there. */
export interface CrmDealContact extends CrmRecord {
  roles: string[];
}

/** The part of a deal contact the deal check (libs/domain `checkDealProperties`) reads. */
export function dealContactRoles(contact: CrmDealContact): DealContactRoles {
  return {
    id: contact.id,
    email: contact.properties.email,
    firstname: contact.properties.firstname,
    lastname: contact.properties.lastname,
    roles: contact.roles,
  };
}

export type ClientSignatory = ClientSignatoryView;

/** A project (custom object): properties address, property_address, main_contract_signed_date… */
export type CrmProject = CrmRecord;

/** A deal with its client signatories; change-order deals with their project. */
export type DealLookup = DealLookupView;

export type CrmOwner = CrmOwnerView;

/** Contact search answer (spec 3 §7: "contacts with properties and a count"). */
export interface ContactSearchResult {
  contacts: CrmRecord[];
  count: number;
}

/** A project with the contacts (partners, clients) associated with it. */
export interface ProjectDetails {
  project: CrmProject;
  contactDetails: CrmDealContact[];
}

/** What the CO screen reads for a project (spec 3 §3 "Project lookup result"). */
export interface ProjectLabelInfo {
  date: string | null;
  notAvailableLabels: ChangeOrderLabel[];
}

/** A contact to put on a deal with a role; found by id, else by e-mail, else created. */
export type ContactRoleUpdate = ContactRoleChange;

export interface MissingPropertiesUpdate {
  /** Values for the deal's missing properties (multi-selects as `;`-joined strings). */
  properties: Record<string, string>;
  /** Contacts whose role on the deal is set (replacing any role they had). */
  contactRoles: ContactRoleUpdate[];
}

export interface PartnerInput {
  firstname?: string;
  lastname?: string;
  email: string;
  phone?: string;
  roles?: CpRole[];
}

export type DealStageMilestone = 'sent' | 'signed';

/**
 * Every CRM operation the product performs (spec 1 §7, spec 2 §3/§7, spec 3
 * §3/§7). Both adapters answer in HubSpot's shapes (`{id, properties}`), which
 * the spec's call tables expose as they are. Missing records raise
 * NotFoundException; the CRM failing raises a 502/503 naming the CRM.
 */
export interface CrmPort {
  readonly adapter: 'local' | 'hubspot';

  getDeal(dealId: string): Promise<DealLookup>;
  searchDealsByAddress(address: string): Promise<CrmDeal[]>;
  getOwner(ownerId: string): Promise<CrmOwner>;
  listOwners(): Promise<CrmOwner[]>;
  getPropertyOptions(objectType: string, propertyName: string): Promise<PropertyOption[]>;
  countContactsByEmail(email: string): Promise<number>;
  searchContacts(text: string): Promise<ContactSearchResult>;
  checkDealProperties(dealId: string): Promise<DealPropertiesCheck>;
  updateMissingDealProperties(dealId: string, update: MissingPropertiesUpdate): Promise<void>;
  updateDealProperties(dealId: string, properties: Record<string, string>): Promise<void>;
  /** Moves the deal to the sent/signed stage of its pipeline (and stores the link); returns the stage id. */
  moveDealToStage(
    dealId: string,
    milestone: DealStageMilestone,
    contractLink?: string,
  ): Promise<string>;

  searchProjects(text: string): Promise<CrmProject[]>;
  getProject(projectId: string): Promise<ProjectDetails>;
  getProjectLabelInfo(projectId: string): Promise<ProjectLabelInfo>;
  /** Associates a CO deal with a project under a label; refuses a label already taken. */
  linkDealToProject(dealId: string, projectId: string, label: ChangeOrderLabel): Promise<void>;
  /** A copy of a CO deal (split payment) with its contacts; returns the new deal id. */
  duplicateDeal(dealId: string, overrides: Record<string, string>): Promise<string>;

  searchPartners(text: string): Promise<CrmRecord[]>;
  /** A community partner (contact) by id; NotFoundException when there is none. */
  getPartner(partnerId: string): Promise<CrmRecord>;
  /** Creates or updates a partner contact (by id, else by e-mail) and associates it with the project. */
  upsertProjectPartner(
    projectId: string,
    partner: PartnerInput,
    partnerId?: string,
  ): Promise<string>;
}

/** Properties every deal read asks for (spec 2 §3 "Deal properties read"). */
export const DEAL_PROPERTIES = [
  'dealname',
  'amount',
  'deposit_amount',
  'progress_amount',
  'balance_amount',
  'customer_success_manager',
  'hubspot_owner_id',
  'dealstage',
  'pipeline',
  'project_type',
  'city',
  'state',
  'zip',
  'contract_link',
] as const;

export const CONTACT_PROPERTIES = [
  'firstname',
  'middlename',
  'lastname',
  'email',
  'phone',
  'type',
  'project_role__sales_rep',
  'current_partnership_rapport',
  'hs_object_id',
] as const;

export const PROJECT_PROPERTIES = [
  'project_name',
  'address',
  'property_address',
  'city',
  'state',
  'zip',
  'project_type',
  'main_contract_signed_date',
  'project_overview',
  'hs_object_id',
] as const;

/** A contact whose `type` is this is a community partner (spec 3 §3 "Partner (CP) record"). */
export const PARTNER_CONTACT_TYPE = 'Community Partner';

/** The client signatories among a deal's contacts (those with the Client Signatory role). */
export function clientSignatoriesOf(contacts: readonly CrmDealContact[]): ClientSignatory[] {
  return contacts
    .filter((contact) => contact.roles.includes(CLIENT_SIGNATORY_ROLE))
    .map(toClientSignatory);
}

export function toClientSignatory(contact: CrmRecord): ClientSignatory {
  const p = contact.properties;
  return {
    id: contact.id,
    firstname: p.firstname ?? null,
    middlename: p.middlename ?? null,
    lastname: p.lastname ?? null,
    email: p.email ?? null,
    phone: p.phone ?? null,
  };
}

/**
 * Projects by what a user typed (spec 3 §2): a typed id or a pasted CRM record
 * URL finds that project; anything else, or an id that finds none, is searched
 * as address text.
 */
export async function findProjects(crm: CrmPort, typed: string): Promise<CrmProject[]> {
  const query = typed.trim();
  if (!query) return [];
  const id = /^\d+$/.test(query) || /^https?:\/\//i.test(query) ? extractCrmRecordId(query) : null;
  if (id) {
    const found = await crm.getProject(id).then(
      (details) => [details.project],
      () => [],
    );
    if (found.length) return found;
  }
  return crm.searchProjects(query);
}
