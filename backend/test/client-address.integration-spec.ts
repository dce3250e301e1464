import type { INestApplication } from '@nestjs/common';
import { TEST_ADMIN, asStaff, signIn } from './support/staff-session';
import { startApi } from './support/test-apps';
import { createTestEnv, type TestEnv } from './support/test-env';

const FORWARDED_CLIENT = '203.0.113.7';

/**
 * The address recorded for an action (here the access audit) is the client's own only where the
 * configuration says a proxy sits in front: otherwise anyone could write any address into
 * X-Forwarded-For and have it recorded.
 */
describe.each([
  ['no proxy (TRUST_PROXY_HOPS=0)', '0', false],
  ['one proxy (TRUST_PROXY_HOPS=1)', '1', true],
])('the client address behind %s', (_label, hops, believed) => {
  let env: TestEnv;
  let app: INestApplication;

  beforeAll(async () => {
    env = createTestEnv(__filename, { TRUST_PROXY_HOPS: hops });
    ({ app } = await startApi(env.config));
  });

  afterAll(async () => {
    await app.close();
    await env.cleanup();
  });

  it(`${believed ? 'records' : 'ignores'} the forwarded address`, async () => {
    const admin = asStaff(app, await signIn(app, TEST_ADMIN));
    await admin
      .post('/api/access/user')
      .set('x-forwarded-for', FORWARDED_CLIENT)
      .send({ email: `casey${hops}` })
      .expect(201);
    const audit = await admin.get('/api/access/audit').expect(200);
    const [latest] = audit.body.entries as Array<{ action: string; ip?: string }>;
    expect(latest.action).toBe('user.added');
    if (believed) expect(latest.ip).toBe(FORWARDED_CLIENT);
    else expect(latest.ip).toMatch(/127\.0\.0\.1|::1/);
  });
});
