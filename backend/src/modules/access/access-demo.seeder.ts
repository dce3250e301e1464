import type { INestApplicationContext } from '@nestjs/common';
import { FULL_ACCESS, createAccessFlags, type AccessFlags, type StaffRole } from '@prosign/domain';
import { AppConfig } from '../../platform/config/app-config';
import type { Seeder } from '../../seed/seeder';
import { AccessService } from './access.service';

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
    access: createAccessFlags({ homeAccess: true, dashboardAccess: true }),
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
export const accessDemoSeeder: Seeder = {
  name: 'demo staff users',
  async run(app: INestApplicationContext): Promise<void> {
    const access = app.get(AccessService);
    const domain = app.get(AppConfig).COMPANY_EMAIL_DOMAIN;
    for (const user of DEMO_USERS) {
      await access.ensureUser(`${user.userName}@${domain}`, user.roles, user.access);
    }
  },
};
