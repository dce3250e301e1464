import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  ACCESS_FLAGS,
  DEFAULT_STAFF_ROLE,
  defaultAccessFlagsForRoles,
  staffEmailFromUserName,
  type AccessAuditAction,
  type AccessAuditEntry as AuditEntryView,
  type AccessFlag,
  type AccessFlags,
  type StaffRole,
  type StaffUserView,
} from '@prosign/domain';
import { AppConfig } from '../../platform/config/app-config';
import { SessionService } from '../../platform/auth/session.service';
import { StaffAccessEvents } from '../../platform/auth/staff-access-events';
import type { StaffAccessRecord, StaffDirectory } from '../../platform/auth/staff-directory';
import { AccessAuditRepository } from './access-audit.repository';
import { SYSTEM_ACTOR } from './access-audit.schema';
import { StaffUserRepository, type StaffUserWriteGuard } from './staff-user.repository';
import { StaffUser, flagsOf, toUserView } from './staff-user.schema';

/** The staff member making a change, from the session (never from the request body). */
export interface Actor {
  email: string;
  isAdmin: boolean;
  ip?: string;
}

const DUPLICATE_KEY = 11000;
const TOGGLE_ATTEMPTS = 5;

export const MESSAGES = {
  userNotFound: (email: string) => `${email} is not a user.`,
  duplicate: (email: string) => `${email} is already a user.`,
  lastAdmin: (email: string) =>
    `${email} is the last administrator. Make someone else an administrator first.`,
  selfDelete: 'You cannot delete yourself: you would lose access to the tool.',
  selfLockout:
    'You cannot remove your own User Access permission: you would lock yourself out of user administration.',
  adminRoleOnlyByAdmin: 'Only administrators can grant or remove the admin role.',
  adminUserOnlyByAdmin: 'Only administrators can change or delete an administrator.',
  accessNotFound: 'Access data not found',
  emailNotFound: 'Email not found.',
  notYourAccess: 'You can only read your own access unless you have User Access.',
} as const;

/**
 * The access model (spec 1 §2.7, §6, §7): users, roles, flags and the record
 * of every change. MongoDB has no transactions here (FerretDB), so each change
 * is one single-document update; the rules that span documents (there is
 * always an admin) are re-checked after the write and undone if a concurrent
 * change broke them.
 */
@Injectable()
export class AccessService implements StaffDirectory, OnApplicationBootstrap {
  private readonly logger = new Logger(AccessService.name);

  constructor(
    private readonly users: StaffUserRepository,
    private readonly audit: AccessAuditRepository,
    private readonly sessions: SessionService,
    private readonly config: AppConfig,
    private readonly accessEvents: StaffAccessEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // The unique e-mail index must exist before users are written concurrently.
    await Promise.all([this.users.ensureIndexes(), this.audit.ensureIndexes()]);
    await this.ensureBootstrapAdmins();
  }

  /** The full address for what was typed (user name or address), or 400 with the reason. */
  normalizeEmail(input: string): string {
    const result = staffEmailFromUserName(input, this.config.COMPANY_EMAIL_DOMAIN);
    if (!result.ok) throw new BadRequestException(result.message);
    return result.email;
  }

  // --- reading -------------------------------------------------------------

  async findByEmail(email: string): Promise<StaffAccessRecord | null> {
    const user = await this.users.findByEmail(email.toLowerCase());
    return user ? { email: user.email, roles: [...user.role], access: flagsOf(user) } : null;
  }

  async isListed(input: string): Promise<boolean> {
    const result = staffEmailFromUserName(input, this.config.COMPANY_EMAIL_DOMAIN);
    if (!result.ok) return false;
    return this.users.isListed(result.email);
  }

  /** Users by e-mail; the PM list always starts with the default PM (spec 1 §6). */
  async listUsers(role?: StaffRole): Promise<StaffUserView[]> {
    const users = await this.users.list(role);
    const views = users.map(toUserView);
    if (role !== 'pm') return views;
    const defaultPm = this.config.defaultPmEmail;
    const listed = views.find((user) => user.email === defaultPm);
    const first: StaffUserView = listed ?? {
      email: defaultPm,
      role: ['pm'],
      ...(defaultAccessFlagsForRoles(['pm']) as AccessFlags),
    };
    return [first, ...views.filter((user) => user.email !== defaultPm)];
  }

  async accessFor(email: string): Promise<AccessFlags> {
    const user = await this.findByEmail(email);
    if (!user) throw new NotFoundException(MESSAGES.accessNotFound);
    return user.access;
  }

  async isAdmin(email: string): Promise<boolean> {
    const user = await this.findByEmail(email);
    if (!user) throw new NotFoundException(MESSAGES.emailNotFound);
    return user.roles.includes('admin');
  }

  async auditTrail(limit = 50): Promise<AuditEntryView[]> {
    const entries = await this.audit.latest(limit);
    return entries.map((entry) => ({
      id: String(entry._id),
      at: new Date(entry.at).toISOString(),
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
      details: entry.details ?? {},
      ...(entry.ip ? { ip: entry.ip } : {}),
    }));
  }

  // --- changing --------------------------------------------------------------

  async addUser(
    input: string,
    roles: StaffRole[] | undefined,
    actor: Actor,
  ): Promise<StaffUserView> {
    const email = this.normalizeEmail(input);
    const role = roles && roles.length > 0 ? roles : [DEFAULT_STAFF_ROLE];
    if (role.includes('admin') && !actor.isAdmin) {
      throw new ForbiddenException(MESSAGES.adminRoleOnlyByAdmin);
    }
    const access = defaultAccessFlagsForRoles(role);
    let created: StaffUser;
    try {
      created = await this.users.insert({ email, role, ...access });
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) {
        throw new ConflictException(MESSAGES.duplicate(email));
      }
      throw error;
    }
    await this.record(actor, 'user.added', email, { role, access });
    return toUserView(created);
  }

  async deleteUser(input: string, actor: Actor): Promise<{ email: string }> {
    const email = this.normalizeEmail(input);
    if (email === actor.email) throw new ConflictException(MESSAGES.selfDelete);
    const user = await this.requireUser(email);
    if (user.role.includes('admin')) {
      if (!actor.isAdmin) throw new ForbiddenException(MESSAGES.adminUserOnlyByAdmin);
      await this.assertAnotherAdmin(email);
    }
    const deleted = await this.users.delete(email, this.writeGuardFor(actor));
    if (!deleted) return this.refuseChangedTarget(email, actor);
    if (deleted.role.includes('admin') && (await this.adminCount()) === 0) {
      // Another admin was removed at the same moment: put this one back.
      await this.users.restore(deleted);
      throw new ConflictException(MESSAGES.lastAdmin(email));
    }
    const ended = await this.sessions.destroyAllForUser(email);
    await this.record(actor, 'user.deleted', email, { role: deleted.role, sessionsEnded: ended });
    return { email };
  }

  async updateRoles(input: string, roles: StaffRole[], actor: Actor): Promise<StaffUserView> {
    const email = this.normalizeEmail(input);
    const user = await this.requireUser(email);
    const before = [...user.role];
    const after = [...new Set(roles)];
    const wasAdmin = before.includes('admin');
    const willBeAdmin = after.includes('admin');
    // An administrator's roles (even besides admin) are for administrators only.
    if (wasAdmin && !actor.isAdmin) throw new ForbiddenException(MESSAGES.adminUserOnlyByAdmin);
    if (willBeAdmin && !wasAdmin && !actor.isAdmin) {
      throw new ForbiddenException(MESSAGES.adminRoleOnlyByAdmin);
    }
    if (wasAdmin && !willBeAdmin) await this.assertAnotherAdmin(email);

    const updated = await this.users.setRoles(email, after, this.writeGuardFor(actor));
    if (!updated) return this.refuseChangedTarget(email, actor);
    if (wasAdmin && !willBeAdmin && (await this.adminCount()) === 0) {
      await this.users.addAdminRole(email);
      throw new ConflictException(MESSAGES.lastAdmin(email));
    }
    if (!sameRoles(before, after)) {
      await this.record(actor, 'roles.changed', email, { from: before, to: after });
    }
    return toUserView(updated);
  }

  /** Flips one flag and returns the user's updated flags. */
  async toggleAccess(input: string, field: AccessFlag, actor: Actor): Promise<AccessFlags> {
    const email = this.normalizeEmail(input);
    for (let attempt = 0; attempt < TOGGLE_ATTEMPTS; attempt += 1) {
      const user = await this.requireUser(email);
      if (user.role.includes('admin') && !actor.isAdmin) {
        throw new ForbiddenException(MESSAGES.adminUserOnlyByAdmin);
      }
      const from = user[field] === true;
      if (from && field === 'userAccessAccess' && email === actor.email) {
        throw new ConflictException(MESSAGES.selfLockout);
      }
      // Compare-and-set: only flips if nobody flipped it since we read it.
      const updated = await this.users.setFlagIfUnchanged(
        email,
        field,
        user[field],
        !from,
        this.writeGuardFor(actor),
      );
      if (updated) {
        await this.record(actor, 'access.toggled', email, { field, from, to: !from });
        // What the flag opened outside requests (staff room sockets) follows at once.
        await this.accessEvents.userChanged(email);
        return flagsOf(updated);
      }
    }
    throw new ConflictException(
      `The access of ${email} is being changed by someone else. Reload and try again.`,
    );
  }

  /**
   * Bootstrap admins (configuration) exist with the admin role and every flag
   * after each start, so a fresh install can always be administered.
   */
  async ensureBootstrapAdmins(): Promise<void> {
    for (const email of this.config.bootstrapAdminEmails) {
      const user = await this.users.findByEmail(email);
      const complete =
        user?.role.includes('admin') && ACCESS_FLAGS.every((flag) => user[flag] === true);
      if (complete) continue;
      try {
        await this.users.makeFullAdmin(email);
      } catch (error) {
        // Another api replica created it at the same moment; it did the same work.
        if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
        continue;
      }
      await this.record({ email: SYSTEM_ACTOR, isAdmin: true }, 'admin.bootstrapped', email, {
        existed: Boolean(user),
        role: ['admin'],
      });
      this.logger.log(`Bootstrap admin ensured: ${email}`);
    }
  }

  /** Creates a user with exactly these roles and flags unless one exists (demo data). */
  async ensureUser(email: string, role: StaffRole[], access: AccessFlags): Promise<boolean> {
    if (!(await this.users.insertIfAbsent(email, role, access))) return false;
    await this.record({ email: SYSTEM_ACTOR, isAdmin: true }, 'user.added', email, {
      role,
      access,
      seeded: true,
    });
    return true;
  }

  // --- helpers ----------------------------------------------------------------

  private async requireUser(email: string): Promise<StaffUser> {
    const user = await this.users.findByEmail(email);
    if (!user) throw new NotFoundException(MESSAGES.userNotFound(email));
    return user;
  }

  /**
   * For a non-admin actor, the write matches only a user who is still no admin:
   * someone made admin between our read and the write is not changed by them.
   */
  private writeGuardFor(actor: Actor): StaffUserWriteGuard {
    return { sparingAdmins: !actor.isAdmin };
  }

  /** The write matched nothing: the user is gone (404) or became an admin meanwhile (403). */
  private async refuseChangedTarget(email: string, actor: Actor): Promise<never> {
    const user = await this.requireUser(email);
    if (user.role.includes('admin') && !actor.isAdmin) {
      throw new ForbiddenException(MESSAGES.adminUserOnlyByAdmin);
    }
    throw new ConflictException(
      `The access of ${email} is being changed by someone else. Reload and try again.`,
    );
  }

  private adminCount(): Promise<number> {
    return this.users.adminCount();
  }

  private async assertAnotherAdmin(email: string): Promise<void> {
    const others = await this.users.otherAdminCount(email);
    if (others === 0) throw new ConflictException(MESSAGES.lastAdmin(email));
  }

  private async record(
    actor: Actor,
    action: AccessAuditAction,
    target: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.append({
      at: new Date(),
      actor: actor.email,
      action,
      target,
      details,
      ...(actor.ip ? { ip: actor.ip } : {}),
    });
    this.logger.log({ actor: actor.email, action, target, details }, 'access changed');
  }
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}
