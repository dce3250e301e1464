import type { INestApplicationContext, Type } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { Seeder } from '../platform/database/seeder';
import { SEEDERS } from './seeders';

/** Runs the seeders in order; stops at the first failure so a half-seeded state is reported. */
export async function runSeeders(
  app: INestApplicationContext,
  seeders: ReadonlyArray<Type<Seeder>> = SEEDERS,
): Promise<string[]> {
  const logger = new Logger('Seed');
  const summaries: string[] = [];
  for (const type of seeders) {
    const seeder = app.get(type);
    const summary = await seeder.seed();
    logger.log(`${seeder.name}: ${summary}`);
    summaries.push(`${seeder.name}: ${summary}`);
  }
  return summaries;
}
