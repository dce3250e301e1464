import { FULL_ACCESS, STAFF_SESSION_TTL_MS, type StaffSession } from '@prosign/domain';

/**
 * A signed-in staff member: an admin with every access flag, named countersigner (as the
 * demo admin is), unless a test says otherwise.
 */
export function staffSession(overrides: Partial<StaffSession> = {}): StaffSession {
  return {
    email: 'admin@prosign.example',
    roles: ['admin'],
    isAdmin: true,
    access: FULL_ACCESS,
    countersigner: true,
    expiresAt: new Date(Date.now() + STAFF_SESSION_TTL_MS).toISOString(),
    ...overrides,
  };
}
