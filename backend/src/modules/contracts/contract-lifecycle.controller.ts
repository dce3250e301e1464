import { agreementLifecycleController } from '../agreements';

/**
 * The contract dashboard (spec 2 §7 "Contract lifecycle"): the list, a card's
 * refresh and the user-menu actions on spec 2's routes (`/api/user/details`,
 * `/api/update/resend`, `/api/email/send-reminder`, …, named by the standard
 * family's definition), each checked against the contract action table by the
 * agreement core.
 */
export const ContractLifecycleController = agreementLifecycleController('standard', {
  name: 'ContractLifecycleController',
});
