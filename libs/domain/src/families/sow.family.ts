import { SOW_STAFF_ROOM } from '../realtime/realtime-events';
import { ROUTES } from '../routes/routes';
import { SOW_FILTERS } from './filter-sets';
import type { FamilyDefinition } from './family-definition';

const RESENDABLE = ['cancelled', 'expired', 'resent', 'edited_resent'] as const;

/** Scope-of-work contracts (spec 3): a community partner signs; listed on the SOW dashboard. */
export const SOW_FAMILY_DEFINITION: FamilyDefinition = {
  id: 'sow',
  label: 'Scope-of-Work contract',
  noun: 'scope-of-work contract',
  pluralNoun: 'scope-of-work contracts',
  documentName: 'Scope of Work',
  signerWord: 'partner',
  idNoun: 'a SOW id',
  initialStatus: 'not-signed',
  // Spec 3 §4, §6: delete is admin only; resend from cancelled, expired, resent or
  // edited_resent while not yet resent.
  actionOverrides: {
    delete: { who: { kind: 'admin' } },
    resend: { from: RESENDABLE },
    editAndResend: { from: [...RESENDABLE, 'declined'] },
  },
  filters: SOW_FILTERS,
  dashboard: {
    access: 'sowDashboardAccess',
    staffRoom: SOW_STAFF_ROOM,
    path: ROUTES.sowDashboard,
    // Spec 3 §8: its own words where the spec names them, the contract dashboard's otherwise.
    messages: {
      fetchFailed: 'Error while fetching contracts',
      reminderFailed: (reason) => `Error sending reminder email. ${reason}`,
      cancelled: 'The Contract has cancelled.',
      cancelFailed: (reason) => `Error cancelling contract. ${reason}`,
      voided: 'Contract successfully voided.',
      deleteFailed: 'Failed to delete the contract.',
      resent: (email) => `Contract resent successfully to ${email}.`,
      resendFailed: 'Failed to resend the contract',
      editResendFailed: 'Failed to resend the contract',
    },
  },
  apiPrefix: 'sow',
  signing: {
    kind: 'link',
    segment: 'sow-signature',
    signatureFontSizePx: 35,
  },
  crm: { record: 'project', fileFolder: '/ProSign/Scopes of work' },
  mail: { documentTitle: 'Scope of Work', heading: 'Scope of Work agreement' },
  creationPath: ROUTES.sow,
};
