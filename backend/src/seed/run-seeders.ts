import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { SEEDERS } from './seeders';

/** Runs every seeder in order; stops at the first failure so a half-seeded state is reported. */
export async function runSeeders(app: INestApplicationContext): Promise<string[]> {
  const logger = new Logger('Seed');
  const summaries: string[] = [];
  for (const type of SEEDERS) {
    const seeder = app.get(type);
    const summary = await seeder.seed();
    logger.log(`${seeder.name}: ${summary}`);
    summaries.push(`${seeder.name}: ${summary}`);
  }
  return summaries;
}
