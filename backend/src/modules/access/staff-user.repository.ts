import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { FULL_ACCESS, type AccessFlag, type AccessFlags, type StaffRole } from '@prosign/domain';
import type { Model } from 'mongoose';
import { StaffUser } from './staff-user.schema';

/**
 * Which users a write may change: with `sparingAdmins`, only one who is still no admin (a
 * non-admin's change must not reach someone made admin between its read and its write).
 */
export interface StaffUserWriteGuard {
  sparingAdmins: boolean;
}

/** The staff users (`users`): the one owner of their model. */
@Injectable()
export class StaffUserRepository {
  constructor(@InjectModel(StaffUser.name) private readonly users: Model<StaffUser>) {}

  /** Builds the collection's indexes: the unique e-mail must exist before concurrent writes. */
  async ensureIndexes(): Promise<void> {
    await this.users.init();
  }

  async findByEmail(email: string): Promise<StaffUser | null> {
    return this.users.findOne({ email }).lean<StaffUser>().exec();
  }

  async isListed(email: string): Promise<boolean> {
    return (await this.users.countDocuments({ email }).exec()) > 0;
  }

  /** Every user (with `role`: those who have it), by e-mail. */
  async list(role?: StaffRole): Promise<StaffUser[]> {
    return this.users
      .find(role ? { role } : {})
      .sort({ email: 1 })
      .lean<StaffUser[]>()
      .exec();
  }

  /** Adds a user; an e-mail already listed fails with the duplicate-key error. */
  async insert(user: { email: string; role: StaffRole[] } & AccessFlags): Promise<StaffUser> {
    return (await this.users.create(user)).toObject();
  }

  /** Puts back a user deleted a moment ago, as it was. */
  async restore(user: StaffUser): Promise<void> {
    await this.users.create(user);
  }

  /** Deletes the user unless the guard spares them; the user deleted, or null. */
  async delete(email: string, guard: StaffUserWriteGuard): Promise<StaffUser | null> {
    return this.users
      .findOneAndDelete({ email, ...guardFilter(guard) })
      .lean<StaffUser>()
      .exec();
  }

  /** Replaces the user's roles unless the guard spares them; the user as updated, or null. */
  async setRoles(
    email: string,
    roles: StaffRole[],
    guard: StaffUserWriteGuard,
  ): Promise<StaffUser | null> {
    return this.users
      .findOneAndUpdate(
        { email, ...guardFilter(guard) },
        { $set: { role: roles } },
        { returnDocument: 'after' },
      )
      .lean<StaffUser>()
      .exec();
  }

  async addAdminRole(email: string): Promise<void> {
    await this.users.updateOne({ email }, { $addToSet: { role: 'admin' } }).exec();
  }

  /**
   * Compare-and-set of one flag: sets it to `to` only if it still holds `read` (as stored, unset
   * included) and the guard does not spare the user; the user as updated, or null.
   */
  async setFlagIfUnchanged(
    email: string,
    flag: AccessFlag,
    read: boolean | undefined,
    to: boolean,
    guard: StaffUserWriteGuard,
  ): Promise<StaffUser | null> {
    return this.users
      .findOneAndUpdate(
        { email, [flag]: read, ...guardFilter(guard) },
        { $set: { [flag]: to } },
        { returnDocument: 'after' },
      )
      .lean<StaffUser>()
      .exec();
  }

  /** Makes the user (created if missing) an admin with every flag. */
  async makeFullAdmin(email: string): Promise<void> {
    await this.users
      .updateOne(
        { email },
        { $addToSet: { role: 'admin' }, $set: { ...FULL_ACCESS } },
        { upsert: true },
      )
      .exec();
  }

  /** Creates the user with these roles and flags unless listed; true if this call created it. */
  async insertIfAbsent(email: string, role: StaffRole[], access: AccessFlags): Promise<boolean> {
    const result = await this.users
      .updateOne({ email }, { $setOnInsert: { email, role, ...access } }, { upsert: true })
      .exec();
    return result.upsertedCount !== 0;
  }

  async adminCount(): Promise<number> {
    return this.users.countDocuments({ role: 'admin' }).exec();
  }

  /** How many admins there are besides `email`. */
  async otherAdminCount(email: string): Promise<number> {
    return this.users.countDocuments({ role: 'admin', email: { $ne: email } }).exec();
  }
}

function guardFilter({ sparingAdmins }: StaffUserWriteGuard): Record<string, unknown> {
  return sparingAdmins ? { role: { $ne: 'admin' } } : {};
}
