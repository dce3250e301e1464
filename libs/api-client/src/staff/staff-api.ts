import type {
  AccessFlag,
  AccessFlags,
  SignInOptions,
  StaffRole,
  StaffSession,
} from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';

/** A row of the user list (`GET /api/access/user`), as a User Access holder sees it. */
export type StaffUserRow = { email: string; role: StaffRole[] } & Partial<AccessFlags> & {
    createdAt?: string;
    updatedAt?: string;
  };

export type AccessAuditAction =
  'user.added' | 'user.deleted' | 'roles.changed' | 'access.toggled' | 'admin.bootstrapped';

/** One change to users, roles or flags (`GET /api/access/audit`). */
export interface AccessAuditEntry {
  id: string;
  /** ISO 8601. */
  at: string;
  actor: string;
  action: AccessAuditAction;
  target: string;
  details: Record<string, unknown>;
  ip?: string;
}

/** Staff sign-in and session calls (`/api/auth/*`). */
export const authApi = {
  options: (client: ApiClient) => client.get<SignInOptions>('/api/auth/options'),
  checkUser: (client: ApiClient, email: string) =>
    client.post<{ listed: boolean }>('/api/auth/check-user', { email }),
  signInLocal: (client: ApiClient, email: string) =>
    client.post<StaffSession>('/api/auth/local', { email }),
  session: (client: ApiClient, signal?: AbortSignal) =>
    client.get<StaffSession>('/api/auth/session', { signal }),
  logout: (client: ApiClient) => client.post<{ success: true }>('/api/auth/logout'),
  /** Where the browser goes to sign in with Google (a navigation, not a fetch). */
  googleSignInUrl: (client: ApiClient, email: string, returnTo: string) =>
    `${client.baseUrl.replace(/\/+$/, '')}/api/auth/google?${new URLSearchParams({ email, returnTo }).toString()}`,
};

/** The /api/access calls of spec 1 §7. */
export const accessApi = {
  listUsers: (client: ApiClient, role?: StaffRole, signal?: AbortSignal) =>
    client.get<{ users: StaffUserRow[] }>('/api/access/user', { query: { role }, signal }),
  addUser: (client: ApiClient, email: string, role: StaffRole[]) =>
    client.post<{ message: string; user: StaffUserRow }>('/api/access/user', { email, role }),
  deleteUser: (client: ApiClient, email: string) =>
    client.delete<{ message: string; email: string }>('/api/access/user', { email }),
  updateRoles: (client: ApiClient, email: string, role: StaffRole[]) =>
    client.put<{ message: string; user: StaffUserRow }>('/api/access/role', { email, role }),
  toggleAccess: (client: ApiClient, email: string, accessField: AccessFlag) =>
    client.post<{ success: true; email: string; access: AccessFlags }>(
      '/api/access/toggle-access',
      { email, accessField },
    ),
  isAdmin: (client: ApiClient, email: string) =>
    client.get<{ isAdmin: boolean }>(`/api/access/is-admin/${encodeURIComponent(email)}`),
  accessesForEmail: (client: ApiClient, email: string) =>
    client.get<{ success: boolean; access: AccessFlags }>(
      `/api/access/get-accesses-for-email/${encodeURIComponent(email)}`,
    ),
  audit: (client: ApiClient, limit = 50, signal?: AbortSignal) =>
    client.get<{ entries: AccessAuditEntry[] }>('/api/access/audit', { query: { limit }, signal }),
};
