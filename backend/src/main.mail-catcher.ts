import { createConnection, type Connection } from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';
import { MailCatcher } from './integrations/mail';
import { loadConfigOrExit } from './platform/config/load-config';
import { installProcessHandlers } from './platform/process-handlers';

/**
 * `node dist/main.mail-catcher.js`: the local SMTP catcher (MAIL_ADAPTER=local).
 * Listens on 127.0.0.1:MAIL_CATCHER_PORT and stores caught mail in MongoDB.
 */
async function bootstrap(): Promise<void> {
  installProcessHandlers('mail-catcher');
  const config = loadConfigOrExit();
  const logger = {
    log: (message: string) => console.log(`[mail-catcher] ${message}`),
    warn: (message: string) => console.warn(`[mail-catcher] ${message}`),
  };
  const connection = await connectPatiently(config.MONGODB_URI, logger);
  const catcher = new MailCatcher(connection, logger);
  const port = await catcher.listen(config.MAIL_CATCHER_PORT);
  logger.log(`listening on 127.0.0.1:${port}`);

  const stop = () => {
    catcher
      .close()
      .then(() => connection.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/**
 * Connects to MongoDB, trying again while it is down (a catcher started during a
 * database restart waits for it instead of exiting): mail is only refused meanwhile.
 */
async function connectPatiently(
  uri: string,
  logger: { warn(message: string): void },
): Promise<Connection> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await createConnection(uri, { serverSelectionTimeoutMS: 5000 }).asPromise();
    } catch (error) {
      logger.warn(`database not reachable (attempt ${attempt}): ${(error as Error).message}`);
      await sleep(Math.min(1000 * attempt, 10_000));
    }
  }
}

bootstrap().catch((error: unknown) => {
  console.error('mail catcher failed to start:', error);
  process.exit(1);
});
