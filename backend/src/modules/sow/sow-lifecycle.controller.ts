import { agreementLifecycleController } from '../agreements';
import { SOW_LIST_VIEW } from './sow-card.view';

/**
 * The SOW dashboard (spec 3 §2, §4, §7): the list and each action, checked
 * against the SOW action table by the agreement core (delete: admins only).
 */
export const SowLifecycleController = agreementLifecycleController('sow', {
  name: 'SowLifecycleController',
  idNoun: 'a SOW id',
  list: SOW_LIST_VIEW,
});
