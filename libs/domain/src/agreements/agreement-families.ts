import type { AccessFlag } from '../access/access-flags';
import { SOW_STAFF_ROOM, STAFF_ROOM } from '../realtime/realtime-events';
import { ROUTES } from '../routes/routes';
import type { AgreementFamily } from './agreement-statuses';

/** The dashboard flags a family can belong to. */
export type DashboardAccessFlag = Extract<AccessFlag, 'dashboardAccess' | 'sowDashboardAccess'>;

/**
 * Where a contract family lives, for the api and every frontend alike: the
 * dashboard that lists its cards (so the flag its dashboard routes and card
 * actions need, and the staff room its live events go to), the api prefix of
 * its dashboard and link-signing routes, the signing-app route its links
 * open, and the CRM folder its signed and voided PDFs are kept in. The one
 * table: a fourth family adds one row here.
 */
export interface AgreementFamilyPlace {
  /** What a person calls one: "Change order". */
  label: string;
  dashboardAccess: DashboardAccessFlag;
  staffRoom: string;
  /** `/api/{apiPrefix}/get-contracts`; the standard family's spec routes predate the prefix. */
  apiPrefix: string;
  /** The route the signer's link opens in the signing app. */
  signingRoute: string;
  /** The staff app's page listing its cards (CRM notes link back to it). */
  dashboardPath: string;
  /** The CRM file folder its signed and VOID-stamped PDFs are kept in. */
  crmFileFolder: string;
}

export const AGREEMENT_FAMILY_PLACES: Readonly<Record<AgreementFamily, AgreementFamilyPlace>> = {
  standard: {
    label: 'Contract',
    dashboardAccess: 'dashboardAccess',
    staffRoom: STAFF_ROOM,
    apiPrefix: 'contracts',
    signingRoute: ROUTES.customerSigning,
    dashboardPath: ROUTES.dashboard,
    crmFileFolder: '/ProSign/Service agreements',
  },
  sow: {
    label: 'Scope-of-Work contract',
    dashboardAccess: 'sowDashboardAccess',
    staffRoom: SOW_STAFF_ROOM,
    apiPrefix: 'sow',
    signingRoute: ROUTES.sowSignature,
    dashboardPath: ROUTES.sowDashboard,
    crmFileFolder: '/ProSign/Scopes of work',
  },
  // Change orders are listed on the contract dashboard under Show CO.
  co: {
    label: 'Change order',
    dashboardAccess: 'dashboardAccess',
    staffRoom: STAFF_ROOM,
    apiPrefix: 'co',
    signingRoute: ROUTES.coSignature,
    dashboardPath: ROUTES.dashboard,
    crmFileFolder: '/ProSign/Change orders',
  },
};

/** The flag a family's dashboard routes and card actions (retry mail included) need. */
export function dashboardAccessOf(family: AgreementFamily): DashboardAccessFlag {
  return AGREEMENT_FAMILY_PLACES[family].dashboardAccess;
}

/** The staff room that hears of this family's agreements. */
export function staffRoomOf(family: AgreementFamily): string {
  return AGREEMENT_FAMILY_PLACES[family].staffRoom;
}

/**
 * The families whose signers open a link named by its customId (spec 3 §2: "SOW
 * recipient signing page", "CO signing page"): the same signer calls under
 * `/api/{apiPrefix}/…/{customId}`. Standard contracts sign on spec 1's token page.
 */
export type LinkSigningFamily = Extract<AgreementFamily, 'sow' | 'co'>;
