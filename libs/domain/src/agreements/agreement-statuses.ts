/**
 * The three contract families (docs/architecture.md#contract-families-on-one-agreement-core) and the statuses each one's
 * agreements go through (spec 2 §4, spec 3 §4). All families share one life;
 * only the initial status is spelt differently ("not signed" for standard
 * contracts, "not-signed" for SOW contracts and change orders).
 */

export const AGREEMENT_FAMILIES = ['standard', 'sow', 'co'] as const;
export type AgreementFamily = (typeof AGREEMENT_FAMILIES)[number];

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

export const INITIAL_STATUS = {
  standard: 'not signed',
  sow: 'not-signed',
  co: 'not-signed',
} as const satisfies Record<AgreementFamily, string>;

export type AgreementStatus =
  (typeof INITIAL_STATUS)[AgreementFamily] | (typeof LATER_STATUSES)[number];

/** Every status of a family, in the order of its life. */
export function familyStatuses(family: AgreementFamily): readonly AgreementStatus[] {
  return [INITIAL_STATUS[family], ...LATER_STATUSES];
}

/** Unknown statuses are shown (and treated) as the family's initial one (spec 2 §4, spec 3 §4). */
export function displayedStatus(
  family: AgreementFamily,
  status: string | null | undefined,
): AgreementStatus {
  return status && (familyStatuses(family) as readonly string[]).includes(status)
    ? (status as AgreementStatus)
    : INITIAL_STATUS[family];
}

/** Still waiting for the signer: the "other active statuses" of spec 2 §4. */
export function activeStatuses(family: AgreementFamily): readonly AgreementStatus[] {
  return [INITIAL_STATUS[family], 'viewed', 'signature_saved'];
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
  if (shown === INITIAL_STATUS[family]) return { label: 'Not signed', tone: 'pending' };
  return LATER_STYLES[shown as (typeof LATER_STATUSES)[number]];
}
