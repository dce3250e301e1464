import type { AgreementForEditing, CoCardView, CoFormFields } from '@prosign/domain';
import { idActionEndpoints, type IdFamilyActionResults } from '../agreements/id-action-endpoints';

/**
 * Edit and Resend of a change order: its saved form with `_id`, `token` and
 * `docLink`, which /co is prefilled from (`editAndResendCoContractData`, the
 * `_id` becoming the id the new change order replaces).
 */
export type CoForEditing = AgreementForEditing<CoFormFields>;

/** What the Show CO lifecycle calls answer. */
export type CoActionResults = IdFamilyActionResults<CoFormFields>;

/**
 * The change orders' dashboard calls under Show CO (spec 2 §7 "Change-order
 * family"): `GET /api/co/get-contracts` with the contract list's query, every
 * action `POST /api/co/{action}` with `{id}`; one change order is read fresh
 * from the list searched by its signatory's e-mail.
 */
export const coAgreementEndpoints = idActionEndpoints<CoCardView, CoFormFields>(
  'co',
  (card) => card.signatory_email || card.summary.recipientEmail,
);
