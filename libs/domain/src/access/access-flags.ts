/**
 * Staff access flags (spec 1 §2.7, §6). Each flag gates one section of the
 * staff tool; the user-access screen toggles them one by one.
 */
export const ACCESS_FLAGS = [
  'homeAccess',
  'dashboardAccess',
  'servicesAccess',
  'tncAccess',
  'userAccessAccess',
  'sowAccess',
  'sowDashboardAccess',
  'sowServicesEditAccess',
  'documentsAccess',
  /** The Insights page: the pipeline's figures over every family the user sees. */
  'insightsAccess',
] as const;

export type AccessFlag = (typeof ACCESS_FLAGS)[number];

export type AccessFlags = Readonly<Record<AccessFlag, boolean>>;

/** Builds a complete flag set: every flag not granted explicitly is false. */
export function createAccessFlags(granted: Partial<Record<AccessFlag, boolean>> = {}): AccessFlags {
  const flags = {} as Record<AccessFlag, boolean>;
  for (const flag of ACCESS_FLAGS) {
    flags[flag] = granted[flag] === true;
  }
  return flags;
}

export const NO_ACCESS: AccessFlags = createAccessFlags();

export const FULL_ACCESS: AccessFlags = createAccessFlags(
  Object.fromEntries(ACCESS_FLAGS.map((flag) => [flag, true])) as Record<AccessFlag, boolean>,
);

export function isAccessFlag(value: string): value is AccessFlag {
  return (ACCESS_FLAGS as readonly string[]).includes(value);
}

/** Staff roles (spec 1 §6). */
export const STAFF_ROLES = ['admin', 'csm', 'pm'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** A user added without a role is a customer success manager (spec 1 §5). */
export const DEFAULT_STAFF_ROLE: StaffRole = 'csm';

/**
 * The flags a newly added user starts with, by role. The spec leaves them
 * open; we grant what each role's daily work needs, and administrators then
 * adjust them per person: admins everything, PMs the SOW sections, CSMs the
 * contract sections and documents.
 */
export function defaultAccessFlagsForRoles(roles: readonly StaffRole[]): AccessFlags {
  if (roles.includes('admin')) return FULL_ACCESS;
  return createAccessFlags({
    homeAccess: true,
    dashboardAccess: true,
    // The documents sent from any PDF are the contract desk's work too.
    ...(roles.includes('csm') ? { documentsAccess: true } : {}),
    ...(roles.includes('pm')
      ? { sowAccess: true, sowDashboardAccess: true, sowServicesEditAccess: false }
      : {}),
  });
}

/** Human names of the flags, for labels and the change record. */
export const ACCESS_FLAG_LABELS: Readonly<Record<AccessFlag, string>> = {
  homeAccess: 'Home',
  dashboardAccess: 'Dashboard',
  servicesAccess: 'Services',
  tncAccess: 'Terms',
  userAccessAccess: 'User Access',
  sowAccess: 'SOW Home',
  sowDashboardAccess: 'SOW Dashboard',
  sowServicesEditAccess: 'SOW/CO Services',
  documentsAccess: 'Documents',
  insightsAccess: 'Insights',
};
