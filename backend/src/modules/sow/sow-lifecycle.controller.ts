import { agreementLifecycleController } from '../agreements';

/**
 * The SOW dashboard (spec 3 §2, §4, §7): the list and each action, checked
 * against the SOW action table by the agreement core (delete: admins only).
 */
export const SowLifecycleController = agreementLifecycleController('sow', {
  name: 'SowLifecycleController',
});
