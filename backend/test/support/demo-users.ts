import type { INestApplication } from '@nestjs/common';
import { createAccessFlags } from '@prosign/domain';
import { DEMO_USERS } from '../../src/seed/access-demo.seeder';
import { AccessService } from '../../src/modules/access/access.service';
import { signIn } from './staff-session';

/** The demo roles of `npm start` (admin, csm, pm) and a listed user with no flag at all. */
export type DemoRole = 'admin' | 'csm' | 'pm' | 'noflags';

export const DEMO_ROLES: readonly DemoRole[] = ['admin', 'csm', 'pm', 'noflags'];

/**
 * Lists the demo users with exactly the roles and flags the demo seeder gives
 * them, plus `noflags@<domain>` (a csm with every flag off), and signs each in.
 * Returns the session cookie of each.
 */
export async function signInDemoUsers(
  app: INestApplication,
  domain = 'prosign.example',
): Promise<Record<DemoRole, string>> {
  const access = app.get(AccessService, { strict: false });
  for (const user of DEMO_USERS) {
    await access.ensureUser(`${user.userName}@${domain}`, user.roles, user.access);
  }
  await access.ensureUser(`noflags@${domain}`, ['csm'], createAccessFlags({}));
  const cookies = {} as Record<DemoRole, string>;
  for (const role of DEMO_ROLES) cookies[role] = await signIn(app, `${role}@${domain}`);
  return cookies;
}
