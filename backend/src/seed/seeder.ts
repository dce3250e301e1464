import type { INestApplicationContext } from '@nestjs/common';

/**
 * Demo data for the local stack, one seeder a feature. Each must be
 * idempotent: `npm start` runs every seeder on every start, and the e2e tests
 * before they begin.
 */
export interface Seeder {
  readonly name: string;
  run(app: INestApplicationContext): Promise<void>;
}
