import { STAFF_ROOM } from '../realtime/realtime-events';
import { ROUTES } from '../routes/routes';
import { STANDARD_FILTERS } from './filter-sets';
import type { FamilyDefinition } from './family-definition';

/** Change orders (spec 3): a client signatory signs; listed under Show CO on the contract dashboard. */
export const CO_FAMILY_DEFINITION: FamilyDefinition = {
  id: 'co',
  label: 'Change order',
  noun: 'change order',
  pluralNoun: 'change orders',
  documentName: 'change order',
  signerWord: 'client',
  idNoun: 'a change order id',
  initialStatus: 'not-signed',
  // Spec 2 §6: only administrators delete change orders.
  actionOverrides: { delete: { who: { kind: 'admin' } } },
  // Change orders are listed with "the same query as the contract list" (spec 2 §7).
  filters: STANDARD_FILTERS,
  dashboard: {
    access: 'dashboardAccess',
    staffRoom: STAFF_ROOM,
    path: ROUTES.dashboard,
    listedUnder: 'standard',
  },
  apiPrefix: 'co',
  signing: {
    kind: 'link',
    segment: 'co-signature',
    signatureFontSizePx: 35,
  },
  crm: { record: 'deal', fileFolder: '/ProSign/Change orders' },
  mail: { documentTitle: 'Change Order', heading: 'Change Order' },
  creationPath: ROUTES.changeOrder,
};
