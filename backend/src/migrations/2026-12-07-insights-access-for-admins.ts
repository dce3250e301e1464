import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Migration } from '../platform/migrations/migration';

/**
 * The Insights flag (`insightsAccess`) on users listed before it: administrators
 * get it, as a newly added administrator does; everyone else starts without it. Only users
 * with no value yet are touched, so a flag someone has since turned on or off stays.
 */
@Injectable()
export class InsightsAccessForAdmins implements Migration {
  readonly id = '2026-12-07-insights-access-for-admins';

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async up(): Promise<string> {
    const users = this.connection.collection('users');
    const admins = await users.updateMany(
      { role: 'admin', insightsAccess: { $exists: false } },
      { $set: { insightsAccess: true } },
    );
    const others = await users.updateMany(
      { insightsAccess: { $exists: false } },
      { $set: { insightsAccess: false } },
    );
    return `Insights granted to ${admins.modifiedCount} admin(s), off for ${others.modifiedCount} other user(s)`;
  }
}
