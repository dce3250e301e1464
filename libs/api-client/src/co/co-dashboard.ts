import type { CoCardView, CoFormFields } from '@prosign/domain';
import { idActionEndpoints, type IdFamilyActionResults } from '../agreements/id-action-endpoints';

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
