import {
  createParamDecorator,
  type ExecutionContext,
  ForbiddenException,
  UnauthorizedException,
} from '@nestjs/common';
import type { AccessFlag } from '@prosign/domain';
import type { Request } from 'express';

/** Who performs a services or terms call: from the staff session, never from the body. */
export interface ActingStaff {
  email: string;
  sessionId: string;
  ip?: string;
  access: Readonly<Record<string, boolean>>;
  isAdmin: boolean;
}

interface RequestWithStaff extends Request {
  staff?: { email: string; sessionId: string; access: Record<string, boolean>; isAdmin: boolean };
}

/** The signed-in staff member the session guard put on the request, with the client address. */
export const Acting = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ActingStaff => {
    const request = context.switchToHttp().getRequest<RequestWithStaff>();
    const staff = request.staff;
    if (!staff) throw new UnauthorizedException('Sign in to continue.');
    return {
      email: staff.email,
      sessionId: staff.sessionId,
      access: staff.access,
      isAdmin: staff.isAdmin,
      ip: request.ip ?? request.socket?.remoteAddress,
    };
  },
);

/** Refuses unless the staff member holds one of `flags` (spec 1 §2.2: one flag a section). */
export function assertAnyAccess(actor: ActingStaff, ...flags: AccessFlag[]): void {
  if (flags.some((flag) => actor.access[flag] === true)) return;
  const names = flags.map((flag) => `${ACCESS_FLAG_SECTIONS[flag]} (${flag})`).join(' or ');
  throw new ForbiddenException(`You do not have access to ${names}. Ask an administrator for it.`);
}

const ACCESS_FLAG_SECTIONS: Partial<Record<AccessFlag, string>> = {
  homeAccess: 'Home',
  servicesAccess: 'Services',
  tncAccess: 'Terms',
};

/** Refuses unless the staff member is an administrator. */
export function assertAdmin(actor: ActingStaff): void {
  if (!actor.isAdmin) throw new ForbiddenException('Only administrators can do this.');
}
