import { createConnection, type Connection } from 'mongoose';
import { MailCatcher } from '../../src/integrations/mail/mail-catcher';
import { createTestEnv, type TestEnv } from './test-env';

const quiet = { log: () => undefined, warn: () => undefined };

/** A test file's services with the local SMTP catcher listening, and the api and worker pointed at it. */
export interface MailCatcherEnv {
  env: TestEnv;
  catcher: MailCatcher;
  /** The catcher's own connection (it stores what it catches in the test's database). */
  catcherConnection: Connection;
  close(): Promise<void>;
}

/**
 * Starts the catcher on a free port first (the api and worker are configured with it), then
 * the test's environment with `MAIL_CATCHER_PORT` set and the caller's overrides.
 */
export async function startMailCatcherEnv(
  testFile: string,
  overrides: Record<string, string> = {},
): Promise<MailCatcherEnv> {
  const probe = createTestEnv(testFile);
  const probeConnection = await createConnection(probe.config.MONGODB_URI).asPromise();
  const portFinder = new MailCatcher(probeConnection, quiet);
  const port = await portFinder.listen(0);
  await portFinder.close();
  await probeConnection.close();
  await probe.cleanup();
  const env = createTestEnv(testFile, { ...overrides, MAIL_CATCHER_PORT: String(port) });
  const catcherConnection = await createConnection(env.config.MONGODB_URI).asPromise();
  const catcher = new MailCatcher(catcherConnection, quiet);
  await catcher.listen(port);
  return {
    env,
    catcher,
    catcherConnection,
    async close() {
      await catcher.close();
      await catcherConnection.close();
      await env.cleanup();
    },
  };
}
