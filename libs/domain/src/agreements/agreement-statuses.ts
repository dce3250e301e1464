/**
 * The statuses every contract family's agreements go through (spec 2 §4, spec 3
 * §4). All families share one life; only the initial status is spelt
 * differently ("not signed" for standard contracts, "not-signed" for SOW
 * contracts and change orders), as each family's definition says.
 */
import { familyDefinition } from '../families/families';
import type { AgreementFamily, InitialStatus } from '../families/family-definition';

export type { AgreementFamily } from '../families/family-definition';

/** Statuses after the initial one: the same words in every family. */
export const LATER_STATUSES = [
  'viewed',
  'signature_saved',
  'signed',
  'signed_manually',
  'resent',
  'edited_resent',
  /** A signer declined, with a reason: every link closed. */
  'declined',
  'cancelled',
  'expired',
  'void',
] as const;

export type AgreementStatus = InitialStatus | (typeof LATER_STATUSES)[number];

/** How a family's agreements are spelt before anything happened to them. */
export function initialStatus(family: AgreementFamily): InitialStatus {
  return familyDefinition(family).initialStatus;
}

/** Every status of a family, in the order of its life. */
export function familyStatuses(family: AgreementFamily): readonly AgreementStatus[] {
  return [initialStatus(family), ...LATER_STATUSES];
}

/** Unknown statuses are shown (and treated) as the family's initial one (spec 2 §4, spec 3 §4). */
export function displayedStatus(
  family: AgreementFamily,
  status: string | null | undefined,
): AgreementStatus {
  return status && (familyStatuses(family) as readonly string[]).includes(status)
    ? (status as AgreementStatus)
    : initialStatus(family);
}

/** Still waiting for the signer: the "other active statuses" of spec 2 §4. */
export function activeStatuses(family: AgreementFamily): readonly AgreementStatus[] {
  return [initialStatus(family), 'viewed', 'signature_saved'];
}

/** Signed, by the signer or by staff. */
export const SIGNED_STATUSES: readonly AgreementStatus[] = ['signed', 'signed_manually'];

/** The visual weight of a status on a card and a badge. */
type StatusTone = 'pending' | 'progress' | 'success' | 'danger' | 'muted';

export interface StatusStyle {
  label: string;
  tone: StatusTone;
}

const LATER_STYLES: Readonly<Record<(typeof LATER_STATUSES)[number], StatusStyle>> = {
  viewed: { label: 'Viewed', tone: 'progress' },
  signature_saved: { label: 'Signature saved', tone: 'progress' },
  signed: { label: 'Signed', tone: 'success' },
  signed_manually: { label: 'Signed manually', tone: 'success' },
  resent: { label: 'Resent', tone: 'muted' },
  edited_resent: { label: 'Edited & resent', tone: 'muted' },
  declined: { label: 'Declined', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
  expired: { label: 'Expired', tone: 'danger' },
  void: { label: 'Void', tone: 'danger' },
};

/** The label and card style of a status (an unknown one is shown as the initial status). */
export function statusStyle(
  family: AgreementFamily,
  status: string | null | undefined,
): StatusStyle {
  const shown = displayedStatus(family, status);
  if (shown === initialStatus(family)) return { label: 'Not signed', tone: 'pending' };
  return LATER_STYLES[shown as (typeof LATER_STATUSES)[number]];
}
