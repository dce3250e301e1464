/**
 * CRM rules shared by the backend (both CRM adapters) and the frontends:
 * record ids pasted as URLs, contact roles on a deal, community-partner roles,
 * change-order association labels (spec 2 §2.1, §5; spec 3 §2, §5, §9).
 */

/**
 * The numeric record id from what a person pastes: the id itself, or a CRM
 * record URL such as `…/record/0-3/1234567` (deal), `…/record/2-1234/987`
 * (custom object) or a legacy `…/deal/1234567`. `null` when nothing fits.
 */
export function extractCrmRecordId(input: string): string | null {
  const text = input.trim();
  if (/^\d+$/.test(text)) return text;
  const record = /\/record\/\d+-\d+\/(\d+)(?:[/?#]|$)/.exec(text);
  if (record) return record[1];
  const legacy = /\/(?:deal|contact|company|ticket)\/(\d+)(?:[/?#]|$)/.exec(text);
  return legacy ? legacy[1] : null;
}

/** Roles a contact can hold on a deal (its association labels). */
export const CONTACT_ROLES = [
  'Client Signatory',
  'Homeowner',
  'Architect',
  'General Contractor',
  'Property Manager',
  'Billing Contact',
] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

/** The role that makes a contact one of the deal's client signatories. */
export const CLIENT_SIGNATORY_ROLE: ContactRole = 'Client Signatory';

export function isContactRole(value: string): value is ContactRole {
  return (CONTACT_ROLES as readonly string[]).includes(value);
}

/** Deal properties a contract cannot be created without (spec 2 §4 "Deal check", §5). */
const REQUIRED_DEAL_PROPERTIES = ['project_type'] as const;

/** Reported in `missingProperties` when no contact holds the client-signatory role. */
export const MISSING_CLIENT_SIGNATORY = 'client_signatory';

export interface DealContactRoles {
  id: string;
  email?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  roles: readonly string[];
}

export interface DealPropertiesCheck {
  isValid: boolean;
  /** Names of empty required properties, plus `client_signatory` when none exists. */
  missingProperties: string[];
  /** Contacts on the deal without any valid role. */
  contactsWithInvalidRoles: DealContactRoles[];
}

/** The deal check of spec 2 §4: required properties, a role for every contact, a client signatory. */
export function checkDealProperties(
  properties: Readonly<Record<string, string | null | undefined>>,
  contacts: readonly DealContactRoles[],
): DealPropertiesCheck {
  const missingProperties: string[] = REQUIRED_DEAL_PROPERTIES.filter(
    (name) => !properties[name]?.trim(),
  );
  const hasSignatory = contacts.some((contact) => contact.roles.includes(CLIENT_SIGNATORY_ROLE));
  if (!hasSignatory) missingProperties.push(MISSING_CLIENT_SIGNATORY);
  const contactsWithInvalidRoles = contacts.filter(
    (contact) => !contact.roles.some((role) => isContactRole(role)),
  );
  return {
    isValid: missingProperties.length === 0 && contactsWithInvalidRoles.length === 0,
    missingProperties,
    contactsWithInvalidRoles,
  };
}

/** Community-partner roles and the SOW fee field of each (spec 3 §9). */
export const CP_ROLE_FEE_FIELDS = {
  designer_cp: 'designer_fee_test',
  eor_cp: 'eor_fee_test',
  ose_cp: 'ose_fee_test',
  mdec_cp: 'mdec_fee_test',
  peer_review_cp: 'peer_review_fee_test',
  drafter_cp: 'drafter_fee_test',
  's.o_cp': 's_o_fee_test',
  sss_cp: 'sss_fee_test',
  t24_cp: 't24_fee_test',
  scope_co1_cp: 'scope_co1_fee_test',
  scope_co2_cp: 'scope_co2_fee_test',
  scope_co3_cp: 'scope_co3_fee_test',
  scope_co4_cp: 'scope_co4_fee_test',
  scope_co5_cp: 'scope_co5_fee_test',
} as const;
export type CpRole = keyof typeof CP_ROLE_FEE_FIELDS;
export const CP_ROLES = Object.keys(CP_ROLE_FEE_FIELDS) as CpRole[];

export function isCpRole(value: string): value is CpRole {
  return Object.prototype.hasOwnProperty.call(CP_ROLE_FEE_FIELDS, value);
}

/** Multi-select CRM values are stored `;`-separated (HubSpot's checkbox format). */
export function splitMultiValue(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function joinMultiValue(values: readonly string[]): string {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))].join(';');
}

/** The partnership-rapport value that makes choosing a partner ask for confirmation. */
const BLACKLISTED_RAPPORT = 'Blacklisted';

export function isBlacklistedPartner(rapport: string | null | undefined): boolean {
  return rapport?.trim().toLowerCase() === BLACKLISTED_RAPPORT.toLowerCase();
}

/** Project association labels of change-order deals (spec 3 §2, §9). */
export const CHANGE_ORDER_LABELS = [
  'Change Order 1',
  'Change Order 2',
  'Change Order 3',
  'Change Order 4',
  'Change Order 5',
] as const;
export type ChangeOrderLabel = (typeof CHANGE_ORDER_LABELS)[number];

export function isChangeOrderLabel(value: string): value is ChangeOrderLabel {
  return (CHANGE_ORDER_LABELS as readonly string[]).includes(value);
}

/** The first label not yet taken on a project, or `null` when all five are. */
export function nextChangeOrderLabel(taken: readonly string[]): ChangeOrderLabel | null {
  return CHANGE_ORDER_LABELS.find((label) => !taken.includes(label)) ?? null;
}
