import type { AccessFlag, AccessFlags } from '../access/access-flags';
import { allFamilies } from '../families/families';
import { INSIGHTS_PAGE_PATH } from '../insights/insights';
import { API_REFERENCE_PATH, ROUTES } from '../routes/routes';
import type { CountersignDefaults } from '../signing/countersign-api';

/**
 * The staff navigation bar (spec 1 §2.2): which entries exist, which flag
 * gates each, and how the SOW entries are grouped.
 */
type NavEntryId =
  /** The dashboard of a family with no entry here, from its definition (`familyNavEntries`). */
  | `family-${string}`
  | 'home'
  | 'dashboard'
  | 'services'
  | 'terms'
  | 'sowHome'
  | 'sowDashboard'
  | 'sowServices'
  | 'invoices'
  | 'insights'
  | 'newDocument'
  | 'documentTemplates'
  | 'userAccess'
  | 'apiKeys'
  | 'webhooks'
  | 'apiReference';

/** Who sees an entry: staff holding a section's access flag, or administrators only. */
type NavAudience = { readonly flag: AccessFlag } | { readonly adminsOnly: true };

type NavEntry = NavAudience & {
  readonly id: NavEntryId;
  readonly label: string;
  readonly path: string;
  /** Entries sharing a group are folded into one menu when more than one is visible. */
  readonly group?: NavGroupId;
  /** A page the api serves (`path` is on the api's origin), opened in a new tab. */
  readonly apiPage?: true;
};

type NavGroupId = 'sowManagement' | 'integrations';

const NAV_GROUP_LABELS: Readonly<Record<NavGroupId, string>> = {
  sowManagement: 'SOW Management',
  integrations: 'Integrations',
};

/**
 * The Invoices entry's gating flag is not given by the spec (spec 1 §2.2); it
 * follows the contract dashboard, since invoices track signed contracts.
 */
export const INVOICES_ACCESS_FLAG: AccessFlag = 'dashboardAccess';

const NAV_ENTRIES: readonly NavEntry[] = [
  { id: 'home', label: 'Home', path: ROUTES.home, flag: 'homeAccess' },
  { id: 'dashboard', label: 'Dashboard', path: ROUTES.dashboard, flag: 'dashboardAccess' },
  { id: 'services', label: 'Services', path: ROUTES.services, flag: 'servicesAccess' },
  { id: 'terms', label: 'Terms', path: ROUTES.terms, flag: 'tncAccess' },
  { id: 'sowHome', label: 'SOW Home', path: ROUTES.sow, flag: 'sowAccess', group: 'sowManagement' },
  {
    id: 'sowDashboard',
    label: 'SOW Dashboard',
    path: ROUTES.sowDashboard,
    flag: 'sowDashboardAccess',
    group: 'sowManagement',
  },
  {
    id: 'sowServices',
    label: 'SOW/CO Services',
    path: ROUTES.sowTemplateEdit,
    flag: 'sowServicesEditAccess',
    group: 'sowManagement',
  },
  { id: 'invoices', label: 'Invoices', path: ROUTES.invoices, flag: INVOICES_ACCESS_FLAG },
  // The pipeline's figures (funnel, time to sign, value waiting, stalled) over the families shown.
  { id: 'insights', label: 'Insights', path: INSIGHTS_PAGE_PATH, flag: 'insightsAccess' },
  // Staff who create contracts on Home prepare one from any PDF (the upload needs the same flag).
  { id: 'newDocument', label: 'New document', path: ROUTES.documentNew, flag: 'homeAccess' },
  {
    id: 'documentTemplates',
    label: 'Document templates',
    path: ROUTES.documentTemplates,
    flag: 'homeAccess',
  },
  { id: 'userAccess', label: 'User Access', path: ROUTES.userAccess, flag: 'userAccessAccess' },
  // What other systems use: keys for the public api, webhooks, and the api's reference. Those
  // pages check for an administrator themselves (as the server does): no section flag gates them.
  {
    id: 'apiKeys',
    label: 'API keys',
    path: ROUTES.apiKeys,
    adminsOnly: true,
    group: 'integrations',
  },
  {
    id: 'webhooks',
    label: 'Webhooks',
    path: ROUTES.webhooks,
    adminsOnly: true,
    group: 'integrations',
  },
  {
    id: 'apiReference',
    label: 'API reference',
    path: API_REFERENCE_PATH,
    adminsOnly: true,
    group: 'integrations',
    apiPage: true,
  },
];

/** The flag an entry needs; none for an administrators' entry. */
function flagOf(entry: NavEntry): AccessFlag | undefined {
  return 'flag' in entry ? entry.flag : undefined;
}

/** Whether staff with these flags (an administrator or not) see the entry. */
function isVisibleTo(entry: NavEntry, flags: AccessFlags, isAdmin: boolean): boolean {
  return 'flag' in entry ? flags[entry.flag] : isAdmin;
}

/** The entries that are pages of the shell (not of the api). */
function shellEntries(): NavEntry[] {
  return navEntries().filter((entry) => !entry.apiPage);
}

/**
 * The dashboards of the families the table above does not name (a family
 * registered at start): each definition's page, label and flag.
 */
function familyNavEntries(): NavEntry[] {
  const named = new Set(NAV_ENTRIES.map((entry) => entry.path));
  return allFamilies()
    .filter((family) => !family.dashboard.listedUnder && !named.has(family.dashboard.path))
    .map((family) => ({
      id: `family-${family.id}`,
      label: `${family.label} Dashboard`,
      path: family.dashboard.path,
      flag: family.dashboard.access,
    }));
}

/** Every entry, the families' own dashboards before Invoices. */
function navEntries(): NavEntry[] {
  const invoices = NAV_ENTRIES.findIndex((entry) => entry.id === 'invoices');
  return [...NAV_ENTRIES.slice(0, invoices), ...familyNavEntries(), ...NAV_ENTRIES.slice(invoices)];
}

/**
 * A family's creation screen with no entry of its own (`/co`, and anything
 * below it): it is opened from Home, so it counts as Home (spec 1 §2.1).
 */
function isCreationPathUnderHome(pathname: string): boolean {
  const named = new Set(NAV_ENTRIES.map((entry) => entry.path));
  return allFamilies().some(
    ({ creationPath: path }) =>
      path !== undefined &&
      !named.has(path) &&
      (pathname === path || pathname.startsWith(`${path}/`)),
  );
}

export interface NavLinkItem {
  readonly kind: 'link';
  readonly id: NavEntryId;
  readonly label: string;
  readonly path: string;
  /** A page the api serves (the API reference): `path` is on the api's origin; opens in a new tab. */
  readonly apiPage?: true;
}

export interface NavGroupItem {
  readonly kind: 'group';
  readonly id: NavGroupId;
  readonly label: string;
  readonly items: readonly NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

function toLink(entry: NavEntry): NavLinkItem {
  const link: NavLinkItem = { kind: 'link', id: entry.id, label: entry.label, path: entry.path };
  return entry.apiPage ? { ...link, apiPage: true } : link;
}

/**
 * The visible navigation for a set of access flags: entries whose flag is
 * false are dropped, and the administrators' entries unless `isAdmin`; a group
 * with two or more visible entries becomes a menu (placed where its first entry
 * was), a group with one visible entry shows it directly.
 */
export function buildNavModel(flags: AccessFlags, { isAdmin = false } = {}): NavItem[] {
  const visible = navEntries().filter((entry) => isVisibleTo(entry, flags, isAdmin));
  const model: NavItem[] = [];
  const placedGroups = new Set<NavGroupId>();

  for (const entry of visible) {
    if (!entry.group) {
      model.push(toLink(entry));
      continue;
    }
    if (placedGroups.has(entry.group)) continue;
    placedGroups.add(entry.group);
    const members = visible.filter((candidate) => candidate.group === entry.group);
    if (members.length === 1) {
      model.push(toLink(entry));
    } else {
      model.push({
        kind: 'group',
        id: entry.group,
        label: NAV_GROUP_LABELS[entry.group],
        items: members.map(toLink),
      });
    }
  }
  return model;
}

/** Whether a navigation link is the current one; a creation screen opened from Home (`/co`) counts as Home. */
export function isNavLinkActive(
  link: Pick<NavLinkItem, 'path' | 'apiPage'>,
  pathname: string,
): boolean {
  // A page of the api opens in its own tab: never the current page of the shell.
  if (link.apiPage) return false;
  if (link.path === ROUTES.home) {
    return pathname === ROUTES.home || isCreationPathUnderHome(pathname);
  }
  // The most specific entry wins: `/documents/templates` is its own entry's, not `/documents`'s.
  return (
    isUnder(pathname, link.path) &&
    !shellEntries().some(
      (entry) =>
        entry.path.length > link.path.length &&
        isUnder(entry.path, link.path) &&
        isUnder(pathname, entry.path),
    )
  );
}

function isUnder(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return item.kind === 'link'
    ? isNavLinkActive(item, pathname)
    : item.items.some((link) => isNavLinkActive(link, pathname));
}

/**
 * The flag a staff page needs (the flag of its navigation entry); a creation
 * screen opened from Home (`/co`) counts as Home. Undefined for paths that are
 * not staff sections, and for the administrators' pages (API keys, webhooks), which
 * check for an administrator themselves.
 */
export function requiredFlagForPath(pathname: string): AccessFlag | undefined {
  if (isCreationPathUnderHome(pathname)) return 'homeAccess';
  const entry = shellEntries().find((candidate) => candidate.path === pathname);
  return entry ? flagOf(entry) : undefined;
}

/** What the server knows of a staff member's countersigning, for their navigation. */
export interface CountersignDuty {
  /** Each family's default countersigner (the admins' setting the creation screens propose). */
  defaults: CountersignDefaults;
  /**
   * Whether some agreement still open (not deleted) names them its countersigner: waiting
   * for their signature, or for the clients before them.
   */
  namedOnOpenAgreement: boolean;
}

/**
 * Whether "Waiting for my signature" is in a staff member's navigation.
 * It has no access flag, and spec 1 §2.2 shows an entry only to whom it serves: staff
 * named as a countersigner, as some family's default or on an open agreement. Anyone else
 * would find it empty for good (its page says nothing waits and signs nothing of theirs).
 */
export function showsCountersignEntry(staffEmail: string, duty: CountersignDuty): boolean {
  const email = staffEmail.trim().toLowerCase();
  const isDefault = Object.values(duty.defaults).some(
    (countersigner) => countersigner?.email.trim().toLowerCase() === email,
  );
  return isDefault || duty.namedOnOpenAgreement;
}
