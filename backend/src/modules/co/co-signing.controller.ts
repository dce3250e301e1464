import type { CoSigningView, VerifyTokenResponse } from '@prosign/domain';
import type { ChangeOrderForm } from '../agreements';
import { linkSigningController, type LinkedAgreement } from '../signing';

/** What the signatory's page shows of a change order: the signer core's state, the change and its fee. */
function coSigningView(
  co: LinkedAgreement<ChangeOrderForm>,
  state: VerifyTokenResponse,
): CoSigningView {
  return {
    ...state,
    customId: co.token,
    signatory_name: co.form.signatory_name,
    project_address: co.form.project_address || co.form.project_id,
    description: co.form.description,
    fee: co.form.fee,
    payment_terms: co.form.payment_terms,
    firstPayment: co.form.firstPayment ?? 0,
    secondPayment: co.form.secondPayment ?? 0,
  };
}

/**
 * The client signatory's calls of a change order (spec 3 §2 "CO signing page",
 * spec 2 §7) under `/api/co`, on the shared link-signing controller: verify
 * the link, read it, count the view, type the signature, Agree and Finish, the
 * audit trail.
 */
export const CoSigningController = linkSigningController('co', {
  name: 'CoSigningController',
  view: coSigningView,
});
