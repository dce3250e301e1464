import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '../../src/platform/config/app-config';
import { runSeeders } from '../../src/seed/run-seeders';
import { SeedModule } from '../../src/seed/seed.module';

/** Runs the real seed entry point's seeders against a test environment. */
export async function seedDemoData(config: AppConfig): Promise<string[]> {
  const app = await NestFactory.createApplicationContext(SeedModule.forRoot(config), {
    logger: false,
  });
  try {
    return await runSeeders(app);
  } finally {
    await app.close();
  }
}
