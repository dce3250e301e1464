import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit } from './platform/config/load-config';
import { runSeeders } from './seed/run-seeders';
import { SeedModule } from './seed/seed.module';
import { AppLogger } from './platform/logging/app-logger';

/** `node dist/main.seed.js`: fills the local stack with demo data (idempotent; run on every `npm start`). */
async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.NODE_ENV === 'production') {
    console.error('Refusing to seed demo data when NODE_ENV=production.');
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(SeedModule.forRoot(config), {
    bufferLogs: true,
  });
  app.useLogger(app.get(AppLogger));
  try {
    // Bootstrap admins and unique indexes (AccessService.onApplicationBootstrap) come first.
    await app.init();
    await runSeeders(app);
  } finally {
    await app.close();
  }
}

bootstrap().catch((error: unknown) => {
  console.error('seeding failed:', error);
  process.exit(1);
});
