import type { DashboardRoutes } from '../agreements/agreement-routes';
import { STAFF_ROOM } from '../realtime/realtime-events';
import { ROUTES } from '../routes/routes';
import { STANDARD_FILTERS } from './filter-sets';
import type { FamilyDefinition } from './family-definition';

/** Spec 2 §7's contract routes: the agreement named by its signing token. */
const STANDARD_ROUTES: DashboardRoutes = {
  namedBy: 'token',
  listKey: 'filteredClients',
  calls: {
    list: [{ method: 'GET', path: 'user/details' }],
    card: [{ method: 'GET', path: 'contracts/by-token/:token' }],
    sendReminder: [{ method: 'POST', path: 'email/send-reminder' }],
    cancel: [{ method: 'POST', path: 'update/cancel-contract' }],
    // Void (administrators only, by the action table) under its spec name and the lifecycle prefix.
    void: [
      { method: 'POST', path: 'template/generate-void-pdf' },
      { method: 'POST', path: 'update/void-contract' },
    ],
    markAsSigned: [{ method: 'PUT', path: 'user/mark-as-signed' }],
    delete: [{ method: 'DELETE', path: 'user/mark-as-delete' }],
    resend: [{ method: 'PUT', path: 'update/resend' }],
    editAndResend: [{ method: 'PUT', path: 'update/edit-resend' }],
    // Staff hand an unsigned signer's place to someone else.
    changeSigner: [{ method: 'POST', path: 'update/change-signer' }],
    // Staff re-open a signer's locked e-mail code step.
    reopenEmailCode: [{ method: 'POST', path: 'update/reopen-email-code' }],
  },
};

/** Standard service agreements (spec 1, spec 2): a client signs on the token page. */
export const STANDARD_FAMILY_DEFINITION: FamilyDefinition = {
  id: 'standard',
  label: 'Contract',
  noun: 'contract',
  pluralNoun: 'contracts',
  documentName: 'agreement',
  signerWord: 'client',
  idNoun: 'a contract id',
  initialStatus: 'not signed',
  // Spec 2 §4, §6: deleting a normal contract needs the userAccessAccess flag.
  actionOverrides: { delete: { who: { kind: 'flag', flag: 'userAccessAccess' } } },
  filters: STANDARD_FILTERS,
  dashboard: { access: 'dashboardAccess', staffRoom: STAFF_ROOM, path: ROUTES.dashboard },
  // The standard family's spec routes predate the prefix; its later calls use it.
  apiPrefix: 'contracts',
  dashboardRoutes: STANDARD_ROUTES,
  signing: { kind: 'token', segment: '', signatureFontSizePx: 24 },
  crm: { record: 'deal', fileFolder: '/ProSign/Service agreements' },
  mail: { documentTitle: 'Service Agreement', heading: 'Service Agreement' },
  creationPath: ROUTES.home,
};
