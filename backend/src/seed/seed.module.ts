import { type DynamicModule, Module } from '@nestjs/common';
import { AccessModule } from '../modules/access/access.module';
import { AuthPlatformModule } from '../platform/auth/auth-platform.module';
import type { AppConfig } from '../platform/config/app-config';
import { PlatformModule } from '../platform/platform.module';

/** What the seeders need: the platform and the feature modules whose data they create. */
@Module({})
export class SeedModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SeedModule,
      imports: [PlatformModule.forRoot(config, 'seed'), AuthPlatformModule, AccessModule],
    };
  }
}
