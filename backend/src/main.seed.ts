import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from './platform/config/load-config';
import { SeedModule } from './seed/seed.module';
import { SEEDERS } from './seed/seeders';

/**
 * `node dist/main.seed.js`: demo data for the local stack (scripts/lib/seed.mjs
 * runs it on every `npm start` and before the e2e tests). Idempotent.
 */
async function seed(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.NODE_ENV === 'production') {
    console.error('Refusing to seed demo data when NODE_ENV=production.');
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(SeedModule.forRoot(config), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  try {
    // Bootstrap admins, unique indexes (AccessService.onApplicationBootstrap) are in place.
    await app.init();
    for (const seeder of SEEDERS) {
      await seeder.run(app);
      app.get(Logger).log(`Seeded ${seeder.name}`);
    }
  } finally {
    await app.close();
  }
}

seed().catch((error: unknown) => {
  console.error('seeding failed:', error);
  process.exit(1);
});
