import { Injectable } from '@nestjs/common';
import { FULL_ACCESS, createAccessFlags, type AccessFlags, type StaffRole } from '@prosign/domain';
import { AccessService } from '../modules/access';
import { AppConfig } from '../platform/config/app-config';
import type { Seeder } from '../platform/database/seeder';

export interface DemoUser {
  userName: string;
  roles: StaffRole[];
  access: AccessFlags;
}

/** The demo sign-ins the local stack prints: one person a role. */
export const DEMO_USERS: readonly DemoUser[] = [
  { userName: 'admin', roles: ['admin'], access: FULL_ACCESS },
  {
    userName: 'csm',
    roles: ['csm'],
    access: createAccessFlags({ homeAccess: true, dashboardAccess: true, documentsAccess: true }),
  },
  {
    userName: 'pm',
    roles: ['pm'],
    access: createAccessFlags({
      homeAccess: true,
      sowAccess: true,
      sowDashboardAccess: true,
      sowServicesEditAccess: true,
    }),
  },
];

/** Creates the demo users that are missing; changes made to them in the tool are kept. */
@Injectable()
export class AccessDemoSeeder implements Seeder {
  readonly name = 'demo staff users';

  constructor(
    private readonly access: AccessService,
    private readonly config: AppConfig,
  ) {}

  async seed(): Promise<string> {
    const domain = this.config.COMPANY_EMAIL_DOMAIN;
    for (const user of DEMO_USERS) {
      await this.access.ensureUser(`${user.userName}@${domain}`, user.roles, user.access);
    }
    return DEMO_USERS.map((user) => `${user.userName}@${domain}`).join(', ');
  }
}
