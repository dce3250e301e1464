import type { Type } from '@nestjs/common';
import { LocalCrmSeeder } from '../integrations/crm';
import { DocumentTemplatesSeeder } from '../modules/documents';
import { ServicesSeeder } from '../modules/services';
import { SowTemplatesSeeder } from '../modules/families/sow';
import { CoTemplatesSeeder } from '../modules/families/co';
import { WebhookDemoSeeder } from '../modules/webhooks';
import { AccessDemoSeeder } from './access-demo.seeder';
import { CoDemoSeeder } from './co-demo.seeder';
import { ContractsDemoSeeder } from './contracts-demo.seeder';
import { SeveralSignersDemoSeeder } from './several-signers-demo.seeder';
import type { Seeder } from '../platform/database/seeder';

/**
 * The records the product needs before any agreement: staff, the local CRM, templates and
 * services. Template and base-data seeders (a module's own records) stay with their modules.
 */
export const BASE_SEEDERS: Array<Type<Seeder>> = [
  AccessDemoSeeder,
  LocalCrmSeeder,
  DocumentTemplatesSeeder,
  ServicesSeeder,
  SowTemplatesSeeder,
  // After the document templates: the CO template's texts are the change-order document's.
  CoTemplatesSeeder,
];

/** The demo agreements, sent and signed through the product's own calls: after the base. */
const DEMO_AGREEMENT_SEEDERS: Array<Type<Seeder>> = [
  // First: the demo agreements' webhook events reach the local webhook inbox.
  WebhookDemoSeeder,
  // After the templates: each demo contract gets its own agreement document.
  ContractsDemoSeeder,
  // After the CO template: the demo change orders carry its texts.
  CoDemoSeeder,
  // Sent and half signed through the product's own calls.
  SeveralSignersDemoSeeder,
];

/** Every seeder, run in this order by `main.seed.ts`. */
export const SEEDERS: Array<Type<Seeder>> = [...BASE_SEEDERS, ...DEMO_AGREEMENT_SEEDERS];
