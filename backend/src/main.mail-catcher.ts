import { createConnection } from 'mongoose';
import { MailCatcher } from './integrations/mail';
import { loadConfigOrExit } from './platform/config/load-config';

/**
 * `node dist/main.mail-catcher.js`: the local SMTP catcher (MAIL_ADAPTER=local).
 * Listens on 127.0.0.1:MAIL_CATCHER_PORT and stores caught mail in MongoDB.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const connection = await createConnection(config.MONGODB_URI, {
    serverSelectionTimeoutMS: 5000,
  }).asPromise();
  const logger = {
    log: (message: string) => console.log(`[mail-catcher] ${message}`),
    warn: (message: string) => console.warn(`[mail-catcher] ${message}`),
  };
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

bootstrap().catch((error: unknown) => {
  console.error('mail catcher failed to start:', error);
  process.exit(1);
});
