import type { AccessFlags, StaffRole } from '@prosign/domain';
import type { Request } from 'express';

/** The signed-in staff member acting on a request: from the session and the live access record. */
export interface StaffPrincipal {
  email: string;
  roles: StaffRole[];
  access: AccessFlags;
  isAdmin: boolean;
  sessionId: string;
  /** ISO 8601. */
  expiresAt: string;
}

export interface StaffRequest extends Request {
  staff?: StaffPrincipal;
}

/** The client's address as Express reports it (honours `trust proxy` when set). */
export function clientIp(request: Request): string | undefined {
  return request.ip ?? request.socket?.remoteAddress ?? undefined;
}

/**
 * Who acts in a staff request: the signed-in member from the session (never a
 * name in the body), with the request's address and browser for the event log.
 */
export function staffActor(staff: StaffPrincipal, request: Request) {
  return {
    email: staff.email,
    ip: clientIp(request),
    userAgent: request.headers['user-agent'] ?? null,
    isAdmin: staff.isAdmin,
    userAccessAccess: Boolean(staff.access?.userAccessAccess),
  };
}
