import { accessDemoSeeder } from '../modules/access/access-demo.seeder';
import type { Seeder } from './seeder';

/** Every seeder, in order. A feature adds its own here (and its module to SeedModule). */
export const SEEDERS: readonly Seeder[] = [accessDemoSeeder];
