import type { SowSigningView, VerifyTokenResponse } from '@prosign/domain';
import type { SowContractForm } from '../agreements';
import { linkSigningController, type LinkedAgreement } from '../signing';

/** What the partner's page shows of a SOW: the signer core's state, the partner, project and amount. */
function sowSigningView(
  sow: LinkedAgreement<SowContractForm>,
  state: VerifyTokenResponse,
): SowSigningView {
  return {
    ...state,
    customId: sow.token,
    cp_name: sow.form.cp_name,
    project_address: sow.form.project_address,
    payment_amount: sow.form.payment_amount,
    effective_date: sow.form.effective_date,
  };
}

/**
 * The SOW partner's signing calls (spec 3 §2 "SOW recipient signing page",
 * §7) under `/api/sow`, on the shared link-signing controller.
 */
export const SowSigningController = linkSigningController('sow', {
  name: 'SowSigningController',
  view: sowSigningView,
});
