import type { AgreementAction } from './agreement-actions';
import { familyDefinition } from '../families/families';
import type { AgreementFamily } from '../families/family-definition';

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

/** A family's dashboard routes: its own table, else the ones under its api prefix. */
export function dashboardRoutesOf(family: AgreementFamily): DashboardRoutes {
  const definition = familyDefinition(family);
  return definition.dashboardRoutes ?? prefixedRoutes(definition.apiPrefix);
}

/** The path the browser calls for a family's dashboard call (`/api/sow/cancel-contract`). */
export function dashboardPath(family: AgreementFamily, call: DashboardCall): string {
  const route = dashboardRoutesOf(family).calls[call]?.[0];
  if (!route) throw new Error(`the ${family} dashboard has no ${call} call`);
  return `/api/${route.path}`;
}
