import { droppedPlaceholders } from '../documents/placeholders';
import {
  CLAUSE_TEXT_MAX_LENGTH,
  SERVICE_NAME_DISPLAY_LIMIT,
  TERMS_TEXT_MAX_LENGTH,
} from '../constants/limits';

/**
 * The agreement texts of a service (spec 1 §3) — the clause texts a contract
 * starts from. Every one of them is subject to the placeholder rule.
 */
export const SERVICE_TEXT_FIELDS = [
  'serviceName',
  'agreementTitle',
  'start',
  'projectDescription',
  'engineerBasicService',
  'engineerAdditionalService',
  'engineerFee',
  'licensingAndInsurance',
  'termsAndConditions',
] as const;
export type ServiceTextField = (typeof SERVICE_TEXT_FIELDS)[number];

/** Labels the service form shows for each text (also used in messages). */
export const SERVICE_FIELD_LABELS: Readonly<Record<ServiceTextField, string>> = {
  serviceName: 'Service Name',
  agreementTitle: 'Agreement Title',
  start: 'Overview',
  projectDescription: 'Project Description',
  engineerBasicService: 'Engineer Basic Services',
  engineerAdditionalService: 'Engineer Additional Services',
  engineerFee: 'Engineer Fee',
  licensingAndInsurance: 'Licensing and Insurance',
  termsAndConditions: 'Terms and Conditions',
};

/** A service as the API returns it (spec 1 §3). `position` is a numeric string. */
export interface ServiceRecord extends Record<ServiceTextField, string> {
  _id: string;
  changeBasicServices: boolean;
  defaultTnC: boolean;
  position: string;
  updatedAt?: string;
  updatedBy?: string;
}

export type ServiceTexts = Partial<Record<ServiceTextField, string>>;

/** One field whose edit dropped placeholders of its previous value. */
export interface PlaceholderViolation {
  field: ServiceTextField;
  missing: string[];
}

/**
 * The placeholder rule of spec 1 §5 over a whole service: every field being
 * changed must keep each `$placeholder` of its previous value. Fields absent
 * from `next` are not being changed.
 */
export function placeholderViolations(
  previous: ServiceTexts,
  next: ServiceTexts,
): PlaceholderViolation[] {
  const violations: PlaceholderViolation[] = [];
  for (const field of SERVICE_TEXT_FIELDS) {
    const before = previous[field];
    const after = next[field];
    if (before === undefined || after === undefined) continue;
    const missing = droppedPlaceholders(before, after);
    if (missing.length > 0) violations.push({ field, missing });
  }
  return violations;
}

/** The message shown (and returned by the server) when an edit drops placeholders. */
export function placeholderViolationMessage(violations: readonly PlaceholderViolation[]): string {
  const parts = violations.map(
    ({ field, missing }) =>
      `${SERVICE_FIELD_LABELS[field]} is missing ${missing.map((name) => `$${name}`).join(', ')}`,
  );
  return `Placeholders cannot be removed: ${parts.join('; ')}.`;
}

/**
 * The placeholder rule as a service edit applies it: with "Default tnc" the
 * terms follow the default terms on purpose, which is not an edit of the
 * service's own text, so they are left out of the check. The form and the
 * server both decide with this.
 */
export function serviceEditViolations(
  previous: ServiceTexts,
  next: ServiceTexts,
  defaultTnC: boolean,
): PlaceholderViolation[] {
  const checked = { ...next };
  if (defaultTnC) delete checked.termsAndConditions;
  return placeholderViolations(previous, checked);
}

/** The service texts that must not be blank (spec 1 §5). */
export const REQUIRED_SERVICE_FIELDS: readonly ServiceTextField[] = [
  'serviceName',
  'agreementTitle',
];

/** The longest text each service field takes. */
export const SERVICE_TEXT_MAX_LENGTHS: Readonly<Record<ServiceTextField, number>> = {
  serviceName: 100,
  agreementTitle: 300,
  start: CLAUSE_TEXT_MAX_LENGTH,
  projectDescription: CLAUSE_TEXT_MAX_LENGTH,
  engineerBasicService: CLAUSE_TEXT_MAX_LENGTH,
  engineerAdditionalService: CLAUSE_TEXT_MAX_LENGTH,
  engineerFee: CLAUSE_TEXT_MAX_LENGTH,
  licensingAndInsurance: CLAUSE_TEXT_MAX_LENGTH,
  termsAndConditions: TERMS_TEXT_MAX_LENGTH,
};

/** "Engineer Fee must be text of at most 20000 characters." */
export function serviceTextTooLongMessage(field: ServiceTextField): string {
  return `${SERVICE_FIELD_LABELS[field]} must be text of at most ${SERVICE_TEXT_MAX_LENGTHS[field]} characters.`;
}

/**
 * What is wrong with one text of a service form, or null: a required text
 * left blank (after trimming), or a text over its length.
 */
export function serviceTextProblem(field: ServiceTextField, value: string): string | null {
  if (REQUIRED_SERVICE_FIELDS.includes(field) && value.trim() === '') {
    return field === 'serviceName'
      ? SERVICE_MESSAGES.nameRequired
      : SERVICE_MESSAGES.agreementTitleRequired;
  }
  if (value.length > SERVICE_TEXT_MAX_LENGTHS[field]) return serviceTextTooLongMessage(field);
  return null;
}

/** The sidebar shows at most 15 characters of a name, then an ellipsis (spec 1 §2.5, §9). */
export function truncateServiceName(name: string): string {
  const characters = [...name];
  return characters.length > SERVICE_NAME_DISPLAY_LIMIT
    ? `${characters.slice(0, SERVICE_NAME_DISPLAY_LIMIT).join('')}…`
    : name;
}

/** The name a copy starts with (spec 1 §4.5). */
export function copiedServiceName(name: string): string {
  return `${name}_copy`;
}

/** Stored order: `position` ascending, numerically (spec 2 §3); ties by name so the order is stable. */
export function sortServicesByPosition<T extends { position: string; serviceName: string }>(
  services: readonly T[],
): T[] {
  const rank = (position: string) => {
    const value = Number(position);
    return Number.isFinite(value) ? value : Number.POSITIVE_INFINITY;
  };
  return [...services].sort(
    (a, b) => rank(a.position) - rank(b.position) || a.serviceName.localeCompare(b.serviceName),
  );
}

/**
 * The services in the order of `ids`, positions renumbered from 1 (spec 1 §4.5: what the server
 * stores on reorder). Services not named keep their relative order after the named ones.
 */
export function servicesInOrder<T extends { _id: string; position: string }>(
  services: readonly T[],
  ids: readonly string[],
): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  const at = (service: T) => rank.get(service._id) ?? ids.length;
  return [...services]
    .map((service, index) => ({ service, index }))
    .sort((a, b) => at(a.service) - at(b.service) || a.index - b.index)
    .map(({ service }, index) => ({ ...service, position: String(index + 1) }));
}

/** Moves the item at `from` to `to` (both 0-based, clamped); returns a new list. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= result.length) return result;
  const target = Math.max(0, Math.min(result.length - 1, to));
  const [moved] = result.splice(from, 1);
  result.splice(target, 0, moved);
  return result;
}

/** Messages of the services screen (spec 1 §8). Error prefixes are followed by the server's message. */
export const SERVICE_MESSAGES = {
  updated: 'Service updated successfully',
  created: 'New service created successfully',
  updateError: 'Error while updating service:',
  createError: 'Error while adding service:',
  deleted: 'Service deleted successfully',
  deleteError: 'Error while deleting service',
  wrongPassword: 'Incorrect password. Please try again.',
  nameRequired: 'Service name is required.',
  agreementTitleRequired: 'Agreement title is required.',
  deleteNotVerified: 'Confirm the delete password before deleting a service.',
  tooManyPasswordAttempts: 'Too many incorrect passwords. Please wait a few minutes and try again.',
  reordered: 'Service order saved',
} as const;

/** Messages of the default terms screen (spec 1 §5, §8). */
export const TERMS_MESSAGES = {
  empty: 'Terms and Conditions cannot be empty!',
  fetchFailed: 'Failed to fetch Terms and Conditions.',
  partialFailure: 'Failed to update some or all services with default TnC.',
  saved: 'Terms updated for all services with defaultTnC enabled!',
} as const;

/** "Terms and Conditions must be at most 40000 characters." */
export const TERMS_TOO_LONG_MESSAGE = `Terms and Conditions must be at most ${TERMS_TEXT_MAX_LENGTH} characters.`;

/** What is wrong with a default terms text, or null: blank (after trimming) or too long (spec 1 §5). */
export function termsContentProblem(content: string): string | null {
  if (content.trim() === '') return TERMS_MESSAGES.empty;
  if (content.length > TERMS_TEXT_MAX_LENGTH) return TERMS_TOO_LONG_MESSAGE;
  return null;
}
