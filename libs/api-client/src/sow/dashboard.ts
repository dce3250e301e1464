import type { SowCardView } from '@prosign/domain';
import { idActionEndpoints, type IdFamilyActionResults } from '../agreements/id-action-endpoints';

/** What the SOW dashboard's lifecycle calls answer (the lifecycle routes every family gets, backend/src/modules/agreements/agreement-lifecycle.controller.ts). */
export type SowActionResults = IdFamilyActionResults<Record<string, unknown>>;

/**
 * The SOW dashboard's calls (spec 3 §7): `GET /api/sow/get-contracts`, every
 * action `POST /api/sow/{action}` with `{id}`; one SOW is read fresh from the
 * list searched by its partner's e-mail.
 */
export const sowAgreementEndpoints = idActionEndpoints<SowCardView, Record<string, unknown>>(
  'sow',
  (card) => card.cp_email || card.summary.recipientEmail,
);
