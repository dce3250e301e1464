import {
  ACCESS_FLAGS,
  ACCESS_FLAG_LABELS,
  FULL_ACCESS,
  defaultAccessFlagsForRoles,
  isAccessFlag,
  isStaffRole,
} from '../access-flags';

describe('access flags and roles', () => {
  it('knows the eight flags of spec 1 §2.7, the documents and insights flags, and names each', () => {
    expect(ACCESS_FLAGS).toHaveLength(10);
    expect(Object.keys(ACCESS_FLAG_LABELS).sort()).toEqual([...ACCESS_FLAGS].sort());
    expect(isAccessFlag('tncAccess')).toBe(true);
    expect(isAccessFlag('isAdmin')).toBe(false);
  });

  it('knows the roles admin, csm and pm', () => {
    expect(['admin', 'csm', 'pm'].every(isStaffRole)).toBe(true);
    expect(isStaffRole('root')).toBe(false);
  });

  it('gives a new admin every flag, Insights included', () => {
    expect(defaultAccessFlagsForRoles(['csm', 'admin'])).toEqual(FULL_ACCESS);
    expect(FULL_ACCESS.insightsAccess).toBe(true);
    expect(ACCESS_FLAG_LABELS.insightsAccess).toBe('Insights');
  });

  it('gives a new CSM the contract sections and the documents only', () => {
    const flags = defaultAccessFlagsForRoles(['csm']);
    expect(ACCESS_FLAGS.filter((flag) => flags[flag])).toEqual([
      'homeAccess',
      'dashboardAccess',
      'documentsAccess',
    ]);
  });

  it('gives a new PM the SOW home and dashboard as well, but not template editing', () => {
    const flags = defaultAccessFlagsForRoles(['pm']);
    expect(ACCESS_FLAGS.filter((flag) => flags[flag])).toEqual([
      'homeAccess',
      'dashboardAccess',
      'sowAccess',
      'sowDashboardAccess',
    ]);
  });
});
