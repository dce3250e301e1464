import {
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import type { AccessFlag } from '@prosign/domain';
import type { StaffPrincipal, StaffRequest } from './staff-principal';

export const IS_PUBLIC = 'prosign:isPublic';
export const REQUIRED_ACCESS = 'prosign:requiredAccess';
export const ADMIN_ONLY = 'prosign:adminOnly';

/**
 * Every route needs a staff session unless marked public: signing pages,
 * health, the login calls. On a controller or a handler.
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * The access flag of the section a route belongs to (spec 1 §2.7). Several
 * flags mean any one of them suffices (a call two sections read, e.g. the
 * service list for Services and for contract creation on Home). On a
 * controller it covers every handler; on a handler it replaces the
 * controller's.
 */
export const RequireAccess = (flag: AccessFlag, ...orFlags: AccessFlag[]) =>
  SetMetadata(REQUIRED_ACCESS, [flag, ...orFlags]);

export const SIGNER_MAY_CALL = 'prosign:signerMayCall';

/**
 * A staff route the spec also opens to signers (spec 1 §7 finishing calls): a
 * request carrying a captcha pass header and no session is let through as a
 * signer's; the handler then checks the pass and the token itself.
 */
export const SignerMayCall = () => SetMetadata(SIGNER_MAY_CALL, true);

/** Only users with the admin role (checked on the server, on every request). */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/** The signed-in staff member (the guard has put it on the request). */
export const CurrentStaff = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StaffPrincipal => {
    const staff = context.switchToHttp().getRequest<StaffRequest>().staff;
    // Only reachable if a public route asks for the staff member: a programming error.
    if (!staff) throw new UnauthorizedException('Sign in to continue.');
    return staff;
  },
);
