// The shapes CrmFlows answers with, and the contact helpers its flows and the CRM writes share.
import {
  CLIENT_SIGNATORY_ROLE,
  type ChangeOrderLabel,
  type ClientSignatoryView,
  type ContactRoleChange,
  type CpRole,
  type DealContactRoles,
  type DealLookupView,
} from '@prosign/domain';
import { type CrmProject, type CrmRecord } from '../../integrations/crm';

/** A contact on a deal or project with the roles (association labels) it holds there. */
export interface CrmDealContact extends CrmRecord {
  roles: string[];
}

export type ClientSignatory = ClientSignatoryView;

/** A deal with its client signatories; change-order deals with their project. */
export type DealLookup = DealLookupView;

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

/** The search for contacts with one e-mail address (any case). */
export function contactsByEmail(email: string) {
  return {
    anyOf: [[{ property: 'email', equals: email.trim() }]],
    properties: ['email'],
    limit: 1,
  };
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

/** The client signatories among a deal's contacts (those with the Client Signatory role). */
export function clientSignatoriesOf(contacts: readonly CrmDealContact[]): ClientSignatory[] {
  return contacts
    .filter((contact) => contact.roles.includes(CLIENT_SIGNATORY_ROLE))
    .map(toClientSignatory);
}

function toClientSignatory(contact: CrmRecord): ClientSignatory {
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
