import { Logger } from '@nestjs/common';
import { dependencyOutageOf } from './errors/dependency-outage';

/**
 * Keeps a process alive through dependency outages: an unhandled rejection is
 * logged (a lost promise must never take the api or the worker down while
 * MongoDB or Redis restarts); an uncaught exception from an outage is logged
 * too, any other one ends the process (its state is unknown), for the
 * supervisor to restart it.
 */
export function installProcessHandlers(name: string): void {
  const logger = new Logger(name);
  process.on('unhandledRejection', (reason: unknown) => {
    logger.error(
      `unhandled rejection (kept running): ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
    );
  });
  process.on('uncaughtException', (error: Error) => {
    if (dependencyOutageOf(error)) {
      logger.error(`dependency outage (kept running): ${error.stack ?? error.message}`);
      return;
    }
    logger.error(`uncaught exception, exiting: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
