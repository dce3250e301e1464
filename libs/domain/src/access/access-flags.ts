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
