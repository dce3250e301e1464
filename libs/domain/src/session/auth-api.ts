/**
 * The /api/auth calls (staff sign-in and session) besides the session itself
 * (`StaffSession`, `SignInOptions` in ./staff-session): the shapes the server
 * answers in and takes, declared once for the backend and the api-client.
 */

/** `POST /api/auth/check-user` and `POST /api/auth/local`: the user name or company address typed. */
export interface StaffEmailRequest {
  email: string;
}

/** `POST /api/auth/check-user`: whether the address is on the user list. */
export interface CheckUserResponse {
  listed: boolean;
}

/** `POST /api/auth/logout`: always succeeds. */
export interface SignedOut {
  success: true;
}
