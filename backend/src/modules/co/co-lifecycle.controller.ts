import { agreementLifecycleController } from '../agreements';
import { CO_LIST_VIEW } from './co-card.view';

/**
 * Show CO on /dashboard (spec 2 §7 "Change-order family"): the list and each
 * action, checked against the CO action table by the agreement core (delete:
 * admins only).
 */
export const CoLifecycleController = agreementLifecycleController('co', {
  name: 'CoLifecycleController',
  idNoun: 'a change order id',
  list: CO_LIST_VIEW,
});
