import { setPriority } from 'node:os';
import { createWorkerApp } from './create-worker-app';
import { loadConfigOrExit } from './platform/config/load-config';
import { installProcessHandlers } from './platform/process-handlers';
import { startTracing } from './platform/tracing/tracing';

async function bootstrap(): Promise<void> {
  installProcessHandlers('worker');
  // Before the app makes any span; off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (README, "Traces").
  startTracing({ serviceName: 'prosign-worker' });
  const config = loadConfigOrExit();
  yieldCpuToRequests(config.WORKER_NICENESS);
  const app = await createWorkerApp(config);
  // SIGTERM/SIGINT → app.close(): workers stop taking jobs and wait for in-flight ones before connections close,
  // then the spans not yet sent are flushed.
  app.enableShutdownHooks();
}

/** Background jobs run after the api's requests on a shared machine (see WORKER_NICENESS). */
function yieldCpuToRequests(niceness: number): void {
  if (niceness === 0) return;
  try {
    setPriority(niceness);
  } catch (error) {
    console.warn(`worker: CPU niceness ${niceness} not set: ${(error as Error).message}`);
  }
}

bootstrap().catch((error: unknown) => {
  console.error('worker failed to start:', error);
  process.exit(1);
});
