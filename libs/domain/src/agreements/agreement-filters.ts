/**
 * The list filters of each family (spec 2 §9 for contracts and change orders,
 * spec 3 §9 for SOW contracts), what each means, and the database query they
 * make: one place for the checkboxes, the server's query and the live list.
 */
import { familyDefinition } from '../families/families';
import type { AgreementFilter } from '../families/filter-sets';
import {
  activeStatuses,
  familyStatuses,
  SIGNED_STATUSES,
  type AgreementFamily,
  type AgreementStatus,
} from './agreement-statuses';

export { SOW_FILTERS, STANDARD_FILTERS, type AgreementFilter } from '../families/filter-sets';

/** The filter boxes of a family's dashboard, in order. */
export function familyFilters(family: AgreementFamily): readonly AgreementFilter[] {
  return familyDefinition(family).filters;
}

export const AGREEMENT_FILTER_LABELS: Readonly<Record<AgreementFilter, string>> = {
  all: 'All',
  viewed: 'Viewed',
  notViewed: 'Not viewed',
  signatureSaved: 'Signature saved',
  notSignatureSaved: 'Signature not saved',
  signed: 'Signed',
  notSigned: 'Not signed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/**
 * One filter as a condition on the stored record: the status is one of
 * `statuses`; when `viewed` is set the signer opened the link at least once
 * (true) or never (false); when `signatureSaved` is set a signature was saved
 * at some point (true) or never (false).
 */
interface FilterCondition {
  statuses: readonly AgreementStatus[];
  viewed?: boolean;
  signatureSaved?: boolean;
}

function filterCondition(family: AgreementFamily, filter: AgreementFilter): FilterCondition {
  const listed = familyStatuses(family);
  switch (filter) {
    case 'all':
      return { statuses: listed };
    // Viewed at least once, whatever happened since (a signed contract was viewed too).
    case 'viewed':
      return { statuses: listed, viewed: true };
    case 'notViewed':
      return { statuses: listed, viewed: false };
    case 'signatureSaved':
      return { statuses: listed, signatureSaved: true };
    case 'notSignatureSaved':
      return { statuses: listed, signatureSaved: false };
    case 'signed':
      return { statuses: SIGNED_STATUSES };
    // Not signed yet and still waiting for the signer.
    case 'notSigned':
      return { statuses: activeStatuses(family) };
    // A signer declined: every dashboard lists them on their own.
    case 'declined':
      return { statuses: ['declined'] };
    case 'cancelled':
      return { statuses: ['cancelled'] };
    case 'expired':
      return { statuses: ['expired'] };
  }
}

/**
 * The selection after the user toggles `filter`: choosing all clears the
 * others; choosing another clears all; when none is left, all comes back.
 */
export function toggleAgreementFilter(
  family: AgreementFamily,
  selected: readonly AgreementFilter[],
  filter: AgreementFilter,
): AgreementFilter[] {
  if (filter === 'all') return ['all'];
  const others = selected.filter((f) => f !== 'all');
  const next = others.includes(filter) ? others.filter((f) => f !== filter) : [...others, filter];
  const chosen: readonly string[] = next;
  return next.length === 0 ? ['all'] : familyFilters(family).filter((f) => chosen.includes(f));
}

/** Filters from a query (`filters=viewed,signed` or repeated); unknown ones dropped, none → all. */
export function parseAgreementFilters(
  family: AgreementFamily,
  raw: string | readonly string[] | null | undefined,
): AgreementFilter[] {
  const values = (Array.isArray(raw) ? raw : [raw ?? ''])
    .flatMap((value: string) => value.split(','))
    .map((value) => value.trim());
  const chosen = familyFilters(family).filter((f) => values.includes(f));
  return chosen.length === 0 || chosen.includes('all') ? ['all'] : chosen;
}

/** What the filters read from a listed agreement. */
export interface FilterSubject {
  status: string | null;
  viewedTimes: number;
  signatureSavedAt: Date | string | null;
}

/** Whether an agreement is listed under the chosen filters (any of them: they combine with OR). */
export function matchesAgreementFilters(
  family: AgreementFamily,
  filters: readonly AgreementFilter[],
  subject: FilterSubject,
): boolean {
  if (!subject.status || !(familyStatuses(family) as readonly string[]).includes(subject.status)) {
    return false;
  }
  return filters.some((filter) => {
    const condition = filterCondition(family, filter);
    if (!(condition.statuses as readonly string[]).includes(subject.status as string)) return false;
    if (condition.viewed !== undefined && condition.viewed !== subject.viewedTimes > 0) {
      return false;
    }
    if (
      condition.signatureSaved !== undefined &&
      condition.signatureSaved !== (subject.signatureSavedAt != null)
    ) {
      return false;
    }
    return true;
  });
}

/** A search term as it is matched against an agreement's search text: trimmed, lower case, single spaces. */
export function normalizeSearch(term: string): string {
  return term.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The lower-case text an agreement is found by, from its parts (names,
 * e-mails, addresses, phone numbers; phones also as bare digits, so
 * "4155550123" finds "+1 415-555-0123").
 */
export function agreementSearchText(
  parts: readonly (string | null | undefined)[],
  phones: readonly (string | null | undefined)[] = [],
): string {
  return [...parts, ...phones.flatMap((phone) => [phone, (phone ?? '').replace(/\D+/g, '')])]
    .map((part) => normalizeSearch(part ?? ''))
    .filter(Boolean)
    .join(' | ');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The database query of a family's list: listed (published, not deleted)
 * agreements of the family under the chosen filters and search term, as a
 * MongoDB filter on the agreement record's fields.
 */
export function agreementListQuery(
  family: AgreementFamily,
  filters: readonly AgreementFilter[],
  search: string,
): Record<string, unknown> {
  const conditions = filters.map((filter) => {
    const condition = filterCondition(family, filter);
    return {
      status: { $in: [...condition.statuses] },
      ...(condition.viewed === undefined
        ? {}
        : { viewedTimes: condition.viewed ? { $gt: 0 } : { $lte: 0 } }),
      ...(condition.signatureSaved === undefined
        ? {}
        : { signatureSavedAt: condition.signatureSaved ? { $ne: null } : null }),
    };
  });
  const term = normalizeSearch(search);
  return {
    family,
    deletedAt: null,
    ...(conditions.length === 1 ? conditions[0] : { $or: conditions }),
    ...(term ? { searchText: { $regex: escapeRegex(term) } } : {}),
  };
}
