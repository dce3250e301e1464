import type { Type } from '@nestjs/common';
import { LocalCrmSeeder } from '../integrations/crm/local-crm.seeder';
import { AccessDemoSeeder } from '../modules/access/access-demo.seeder';
import { ContractsDemoSeeder } from '../modules/contracts/contracts-demo.seeder';
import { ContractsMigrationSeeder } from '../modules/contracts/contracts-migration.seeder';
import { DocumentTemplatesSeeder } from '../modules/documents/templates/document-templates.seeder';
import { ServicesSeeder } from '../modules/services/services.seeder';
import type { Seeder } from './seeder';

/** Every seeder, run in this order by `main.seed.ts`. Features add theirs here. */
export const SEEDERS: Array<Type<Seeder>> = [
  // First: contracts stored before the agreement core move onto it (once, by _id).
  ContractsMigrationSeeder,
  AccessDemoSeeder,
  LocalCrmSeeder,
  DocumentTemplatesSeeder,
  ServicesSeeder,
  // After the templates: each demo contract gets its own agreement document.
  ContractsDemoSeeder,
];
