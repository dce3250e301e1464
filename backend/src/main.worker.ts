import { createWorkerApp } from './create-worker-app';
import { loadConfigOrExit } from './platform/config/load-config';
import { installProcessHandlers } from './platform/process-handlers';

async function bootstrap(): Promise<void> {
  installProcessHandlers('worker');
  const config = loadConfigOrExit();
  const app = await createWorkerApp(config);
  // SIGTERM/SIGINT → app.close(): workers stop taking jobs and wait for in-flight ones before connections close.
  app.enableShutdownHooks();
}

bootstrap().catch((error: unknown) => {
  console.error('worker failed to start:', error);
  process.exit(1);
});
