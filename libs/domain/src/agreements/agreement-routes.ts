import type { AgreementAction } from './agreement-actions';
import { AGREEMENT_FAMILY_PLACES } from './agreement-families';
import type { AgreementFamily } from './agreement-statuses';

/** What a family's dashboard calls: its list, one card afresh, and each card action. */
export type DashboardCall = 'list' | 'card' | Exclude<AgreementAction, 'copyLink'>;

/** One route of a dashboard call: its method and its path under `/api`. */
export interface DashboardRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/**
 * The routes of a family's dashboard, for the api (which serves them) and the
 * browser (which calls the first of each): which route serves each call, how a
 * call names the agreement (its `_id`, or its signing token on spec 2's contract
 * routes) and the list's key in the response.
 */
export interface DashboardRoutes {
  namedBy: 'id' | 'token';
  listKey: 'filteredContracts' | 'filteredClients';
  calls: Partial<Record<DashboardCall, readonly DashboardRoute[]>>;
}

/** The routes of a family under its own prefix (spec 2 §7, spec 3 §7): `sow/cancel-contract`, … */
function prefixedRoutes(prefix: string): DashboardRoutes {
  const post = (name: string): DashboardRoute[] => [{ method: 'POST', path: `${prefix}/${name}` }];
  return {
    namedBy: 'id',
    listKey: 'filteredContracts',
    calls: {
      list: [{ method: 'GET', path: `${prefix}/get-contracts` }],
      sendReminder: post('send-reminder'),
      cancel: post('cancel-contract'),
      void: post('void-contract'),
      markAsSigned: post('manual-signed'),
      delete: post('delete-contract'),
      resend: post('update-resend'),
      editAndResend: post('update-edit-resend'),
      changeSigner: post('change-signer'),
      reopenEmailCode: post('reopen-email-code'),
    },
  };
}

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

export const AGREEMENT_DASHBOARD_ROUTES: Readonly<Record<AgreementFamily, DashboardRoutes>> = {
  standard: STANDARD_ROUTES,
  sow: prefixedRoutes(AGREEMENT_FAMILY_PLACES.sow.apiPrefix),
  co: prefixedRoutes(AGREEMENT_FAMILY_PLACES.co.apiPrefix),
};

/** The path the browser calls for a family's dashboard call (`/api/sow/cancel-contract`). */
export function dashboardPath(family: AgreementFamily, call: DashboardCall): string {
  const route = AGREEMENT_DASHBOARD_ROUTES[family].calls[call]?.[0];
  if (!route) throw new Error(`the ${family} dashboard has no ${call} call`);
  return `/api/${route.path}`;
}
