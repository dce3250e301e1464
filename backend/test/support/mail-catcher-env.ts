import { createConnection, type Connection } from 'mongoose';
import { MailCatcher } from '../../src/integrations/mail/mail-catcher';
import { DownPort } from './down-port';
import { createTestEnv, withDatabase, type TestEnv } from './test-env';

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
 * The test's environment with `MAIL_CATCHER_PORT` set to a free port and the caller's
 * overrides, and the catcher listening there (the api and worker are configured with it).
 * `ownMailbox`: the catcher stores in a database of its own (the recipients' mailboxes, which
 * are not the product's stores), so the test's database holds only what ProSign keeps.
 */
export async function startMailCatcherEnv(
  testFile: string,
  overrides: Record<string, string> = {},
  { ownMailbox = false }: { ownMailbox?: boolean } = {},
): Promise<MailCatcherEnv> {
  // The port is held until the catcher takes it: a port released early can be given to another suite.
  const held = await DownPort.open();
  const env = createTestEnv(testFile, { ...overrides, MAIL_CATCHER_PORT: String(held.port) });
  const catcherConnection = await createConnection(
    ownMailbox
      ? withDatabase(env.config.MONGODB_URI, `${env.dbName}_mailbox`)
      : env.config.MONGODB_URI,
  ).asPromise();
  const catcher = new MailCatcher(catcherConnection, quiet);
  await held.release();
  await catcher.listen(held.port);
  return {
    env,
    catcher,
    catcherConnection,
    async close() {
      await catcher.close();
      if (ownMailbox) await catcherConnection.dropDatabase();
      await catcherConnection.close();
      await env.cleanup();
    },
  };
}
