import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '../../src/platform/config/app-config';
import type { Seeder } from '../../src/platform/database/seeder';
import { runSeeders } from '../../src/seed/run-seeders';
import { SeedModule } from '../../src/seed/seed.module';
import { BASE_SEEDERS, SEEDERS } from '../../src/seed/seeders';

/** Runs the real seed entry point's seeders against a test environment. */
export function seedDemoData(config: AppConfig): Promise<string[]> {
  return seed(config, SEEDERS);
}

/**
 * Only the base records (staff, local CRM, templates, services), for suites that make their
 * own agreements: the demo agreements are signed for real, seconds of set-up per suite.
 */
export function seedBaseData(config: AppConfig): Promise<string[]> {
  return seed(config, BASE_SEEDERS);
}

async function seed(config: AppConfig, seeders: ReadonlyArray<Type<Seeder>>): Promise<string[]> {
  const app = await NestFactory.createApplicationContext(SeedModule.forRoot(config), {
    logger: false,
  });
  try {
    return await runSeeders(app, seeders);
  } finally {
    await app.close();
  }
}
