import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { DocumentTemplatesSeedModule } from './modules/documents/templates/document-templates-seed.module';
import { DocumentTemplatesSeeder } from './modules/documents/templates/document-templates.seeder';
import type { AppConfig } from './platform/config/app-config';
import { loadConfigOrExit } from './platform/config/load-config';
import { PlatformModule } from './platform/platform.module';

interface Seeder {
  seed(): Promise<void>;
}

/**
 * Every seed, in order: the module that provides it and the seeder to run.
 * Each seeder must be idempotent (this runs on every `npm start`).
 */
const SEEDS: Array<{ module: Type; seeder: Type<Seeder> }> = [
  { module: DocumentTemplatesSeedModule, seeder: DocumentTemplatesSeeder },
];

@Module({})
class SeedModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SeedModule,
      imports: [PlatformModule.forRoot(config, 'worker'), ...SEEDS.map(({ module }) => module)],
    };
  }
}

async function seed(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(SeedModule.forRoot(config), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  try {
    for (const { seeder } of SEEDS) await app.get(seeder).seed();
  } finally {
    await app.close();
  }
}

seed().catch((error: unknown) => {
  console.error('seeding failed:', error);
  process.exit(1);
});
