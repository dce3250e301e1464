import type { AccessFlags, StaffRole } from '../access/access-flags';

/**
 * The signed-in staff member as the server reports it (`GET /api/auth/session`).
 * The server is the authority: the browser keeps only what the screens need.
 */
export interface StaffSession {
  email: string;
  roles: StaffRole[];
  isAdmin: boolean;
  access: AccessFlags;
  /**
   * Whether "Waiting for my signature" is in their navigation (`showsCountersignEntry`):
   * named as a countersigner. Worked out by the server on each read of the session.
   */
  countersigner: boolean;
  /** ISO 8601; fixed at sign-in (12-hour absolute expiry, spec 1 §9). */
  expiresAt: string;
}

/** Which sign-in the server offers (`GET /api/auth/options`). */
export interface SignInOptions {
  identity: 'local' | 'google';
  companyEmailDomain: string;
}

/** Messages of spec 1 §8 (login, session, user administration), shown word for word. */
export const AUTH_MESSAGES = {
  accessDenied: 'Access to the tool denied. Contact your administrator.',
  fetchUsersFailedLogin: 'Failed to fetch users. Please try again.',
  somethingWentWrong: 'Something went wrong, please try again.',
  googleSignInFailed: 'Google Sign In failed. Please try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;

export const USER_ADMIN_MESSAGES = {
  fetchUsersFailed: 'Failed to fetch users.',
  addUserFailed: 'Failed to add user.',
  deleteUserFailed: 'Failed to delete user.',
  updateRolesFailed: 'Failed to update user roles.',
  toggleFailed: 'Failed to update access.',
} as const;

/** Query parameter the server's Google callback uses to tell /portal why sign-in did not happen. */
export const SIGN_IN_RESULT_PARAM = 'signin';
export type SignInFailure = 'denied' | 'failed';
