import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './app-config';

/**
 * Provides the validated `AppConfig` everywhere. The entry point validates the
 * environment first (so a bad variable is reported before Nest boots) and hands
 * the result in; tests hand in their own.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: AppConfig, useValue: config }],
      exports: [AppConfig],
    };
  }
}
