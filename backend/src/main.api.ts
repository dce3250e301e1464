import { createApiApp } from './create-api-app';
import { loadConfigOrExit } from './platform/config/load-config';
import { installProcessHandlers } from './platform/process-handlers';

async function bootstrap(): Promise<void> {
  installProcessHandlers('api');
  const config = loadConfigOrExit();
  const app = await createApiApp(config);
  // SIGTERM/SIGINT → app.close(): stop accepting, let in-flight requests finish, close sockets, queues, Mongo, Redis.
  app.enableShutdownHooks();
  await app.listen(config.API_PORT);
}

bootstrap().catch((error: unknown) => {
  console.error('api failed to start:', error);
  process.exit(1);
});
