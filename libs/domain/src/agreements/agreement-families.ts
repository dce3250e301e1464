import type { AccessFlag } from '../access/access-flags';
import { familyDefinition } from '../families/families';
import type { AgreementFamily, DashboardAccessFlag } from '../families/family-definition';

export type { DashboardAccessFlag } from '../families/family-definition';

/** The flag a family's dashboard routes and card actions (retry mail included) need. */
export function dashboardAccessOf(family: AgreementFamily): DashboardAccessFlag {
  return familyDefinition(family).dashboard.access;
}

/** Who looks at agreements: an administrator, or a staff member with these flags. */
export interface FamilyViewer {
  isAdmin: boolean;
  access?: Partial<Record<AccessFlag, boolean>> | null;
}

/**
 * Whether a staff member may see a family's agreements (its cards, their mail, their figures):
 * administrators every family, everyone else the families whose dashboard flag they hold.
 */
export function seesFamily(viewer: FamilyViewer, family: AgreementFamily): boolean {
  return viewer.isAdmin || viewer.access?.[dashboardAccessOf(family)] === true;
}

/** The staff room that hears of this family's agreements. */
export function staffRoomOf(family: AgreementFamily): string {
  return familyDefinition(family).dashboard.staffRoom;
}

/**
 * Whether a family's signers open a link named by its customId (spec 3 §2: "SOW
 * recipient signing page", "CO signing page"): the same signer calls under
 * `/api/{apiPrefix}/…/{customId}`. Standard contracts sign on spec 1's token page.
 */
export function isLinkSigned(family: AgreementFamily): boolean {
  return familyDefinition(family).signing.kind === 'link';
}

/** A family whose signers open a customId link (every family but the standard one today). */
export type LinkSigningFamily = AgreementFamily;
