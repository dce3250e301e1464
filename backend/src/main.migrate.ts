import { NestFactory } from '@nestjs/core';
import { migrate } from './migrations/migrate.module';
import { MigrateModule } from './migrations/migrate.module';
import { loadConfigOrExit } from './platform/config/load-config';
import { AppLogger } from './platform/logging/app-logger';

/**
 * `node dist/main.migrate.js`: applies the data migrations not yet applied to this database
 * (backend/src/migrations), each once, then exits. Run before a new api version starts (the
 * deploy's migrate step; `npm start` runs it too); any number may start at once.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(MigrateModule.forRoot(config), {
    bufferLogs: true,
  });
  app.useLogger(app.get(AppLogger));
  try {
    await app.init();
    await migrate(app);
  } finally {
    await app.close();
  }
}

bootstrap().catch((error: unknown) => {
  console.error('migrations failed:', error);
  process.exit(1);
});
