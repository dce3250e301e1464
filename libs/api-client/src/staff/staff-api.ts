import type {
  AccessAuditList,
  AccessAuditParams,
  AccessesForEmail,
  AccessFlag,
  AccessToggled,
  AddUserRequest,
  CheckUserResponse,
  DeleteUserRequest,
  IsAdminResponse,
  ListUsersParams,
  SignedOut,
  SignInOptions,
  StaffEmailRequest,
  StaffRole,
  StaffSession,
  StaffUserDeleted,
  StaffUserList,
  StaffUserSaved,
  ToggleAccessRequest,
  UpdateRolesRequest,
} from '@prosign/domain';
import type { ApiClient } from '../client/createApiClient';

/** Staff sign-in and session calls (`/api/auth/*`). */
export const authApi = {
  options: (client: ApiClient) => client.get<SignInOptions>('/api/auth/options'),
  checkUser: (client: ApiClient, email: string) =>
    client.post<CheckUserResponse>('/api/auth/check-user', { email } satisfies StaffEmailRequest),
  signInLocal: (client: ApiClient, email: string) =>
    client.post<StaffSession>('/api/auth/local', { email } satisfies StaffEmailRequest),
  session: (client: ApiClient, signal?: AbortSignal) =>
    client.get<StaffSession>('/api/auth/session', { signal }),
  logout: (client: ApiClient) => client.post<SignedOut>('/api/auth/logout'),
  /** Where the browser goes to sign in with Google (a navigation, not a fetch). */
  googleSignInUrl: (client: ApiClient, email: string, returnTo: string) =>
    `${client.baseUrl.replace(/\/+$/, '')}/api/auth/google?${new URLSearchParams({ email, returnTo }).toString()}`,
};

/** The /api/access calls of spec 1 §7. */
export const accessApi = {
  listUsers: (client: ApiClient, role?: StaffRole, signal?: AbortSignal) =>
    client.get<StaffUserList>('/api/access/user', {
      query: { role } satisfies ListUsersParams,
      signal,
    }),
  addUser: (client: ApiClient, email: string, role: StaffRole[]) =>
    client.post<StaffUserSaved>('/api/access/user', { email, role } satisfies AddUserRequest),
  deleteUser: (client: ApiClient, email: string) =>
    client.delete<StaffUserDeleted>('/api/access/user', { email } satisfies DeleteUserRequest),
  updateRoles: (client: ApiClient, email: string, role: StaffRole[]) =>
    client.put<StaffUserSaved>('/api/access/role', { email, role } satisfies UpdateRolesRequest),
  toggleAccess: (client: ApiClient, email: string, accessField: AccessFlag) =>
    client.post<AccessToggled>('/api/access/toggle-access', {
      email,
      accessField,
    } satisfies ToggleAccessRequest),
  isAdmin: (client: ApiClient, email: string) =>
    client.get<IsAdminResponse>(`/api/access/is-admin/${encodeURIComponent(email)}`),
  accessesForEmail: (client: ApiClient, email: string) =>
    client.get<AccessesForEmail>(`/api/access/get-accesses-for-email/${encodeURIComponent(email)}`),
  audit: (client: ApiClient, limit = 50, signal?: AbortSignal) =>
    client.get<AccessAuditList>('/api/access/audit', {
      query: { limit } satisfies AccessAuditParams,
      signal,
    }),
};
