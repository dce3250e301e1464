/**
 * The /api/access calls of spec 1 §7: the shapes the server answers in and
 * takes, declared once for the backend's DTOs and views and the api-client.
 */
import type { AccessFlag, AccessFlags, StaffRole } from './access-flags';

/** A user as the API returns it to a User Access holder: e-mail, roles, the flags and timestamps. */
export type StaffUserView = { email: string; role: StaffRole[] } & AccessFlags & {
    createdAt?: string;
    updatedAt?: string;
  };

/** A colleague's e-mail and roles: what staff without User Access see of the user list. */
type StaffUserSummary = Pick<StaffUserView, 'email' | 'role'>;

/** A row of the user list (`GET /api/access/user`): the flags only come with User Access. */
export type StaffUserRow = StaffUserSummary & Partial<Omit<StaffUserView, 'email' | 'role'>>;

/** `GET /api/access/user?role=` */
export type ListUsersParams = { role?: StaffRole };

/** `GET /api/access/user` */
export interface StaffUserList {
  users: StaffUserRow[];
}

/** `POST /api/access/user {email, role}`: role defaults to csm (spec 1 §5). */
export interface AddUserRequest {
  email: string;
  role?: StaffRole[];
  /** Accepted for compatibility; the acting user comes from the session. */
  performedBy?: string;
}

/** `DELETE /api/access/user {email}` */
export interface DeleteUserRequest {
  email: string;
  /** Accepted for compatibility; the acting user comes from the session. */
  deletedBy?: string;
}

/** `PUT /api/access/role {email, role}`: the user's complete new role list. */
export interface UpdateRolesRequest {
  email: string;
  role: StaffRole[];
  /** Accepted for compatibility; the acting user comes from the session. */
  deletedBy?: string;
}

/** `POST /api/access/toggle-access {email, accessField}` */
export interface ToggleAccessRequest {
  email: string;
  accessField: AccessFlag;
  /** Accepted for compatibility; the acting user comes from the session. */
  performedBy?: string;
}

/** `POST /api/access/user` and `PUT /api/access/role`: the user as saved. */
export interface StaffUserSaved {
  message: string;
  user: StaffUserView;
}

/** `DELETE /api/access/user` */
export interface StaffUserDeleted {
  message: string;
  email: string;
}

/**
 * `POST /api/access/toggle-access`: the updated flags, both grouped and at the
 * top level (as the spec's client reads them).
 */
export type AccessToggled = { success: true; email: string; access: AccessFlags } & AccessFlags;

/** `GET /api/access/is-admin/{email}` */
export interface IsAdminResponse {
  isAdmin: boolean;
}

/** `GET /api/access/get-accesses-for-email/{email}` */
export interface AccessesForEmail {
  success: true;
  access: AccessFlags;
}

/** What the change record of users, roles and flags says was done. */
export const ACCESS_AUDIT_ACTIONS = [
  'user.added',
  'user.deleted',
  'roles.changed',
  'access.toggled',
  'admin.bootstrapped',
] as const;

export type AccessAuditAction = (typeof ACCESS_AUDIT_ACTIONS)[number];

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

/** `GET /api/access/audit?limit=` */
export type AccessAuditParams = { limit?: number };

/** `GET /api/access/audit`, newest first. */
export interface AccessAuditList {
  entries: AccessAuditEntry[];
}
