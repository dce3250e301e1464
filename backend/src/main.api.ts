import type { Server } from 'node:http';
import { createApiApp } from './create-api-app';
import { loadConfigOrExit } from './platform/config/load-config';
import { installProcessHandlers } from './platform/process-handlers';
import { startTracing } from './platform/tracing/tracing';

async function bootstrap(): Promise<void> {
  installProcessHandlers('api');
  // Before the app makes any span; off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (README, "Traces").
  startTracing({ serviceName: 'prosign-api' });
  const config = loadConfigOrExit();
  const app = await createApiApp(config);
  // SIGTERM/SIGINT → app.close(): stop accepting, let in-flight requests finish, close sockets, queues, Mongo, Redis,
  // then flush the spans not yet sent.
  app.enableShutdownHooks();
  await app.listen(config.API_PORT);
  keepIdleConnectionsOpen(app.getHttpServer() as Server);
}

/**
 * Node closes an idle keep-alive connection after 5 s, and a client that sends its next
 * request on it at that moment gets ECONNRESET (a browser silently retries a GET; a script or
 * the e2e tests' request context does not). Idle connections stay open 65 s, longer than
 * clients and balancers usually keep theirs (nginx does not reuse them here at all); the
 * header timeout must exceed it.
 */
function keepIdleConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

bootstrap().catch((error: unknown) => {
  console.error('api failed to start:', error);
  process.exit(1);
});
