import { agreementLifecycleController } from '../agreements';

/**
 * Show CO on /dashboard (spec 2 §7 "Change-order family"): the list and each
 * action, checked against the CO action table by the agreement core (delete:
 * admins only).
 */
export const CoLifecycleController = agreementLifecycleController('co', {
  name: 'CoLifecycleController',
});
