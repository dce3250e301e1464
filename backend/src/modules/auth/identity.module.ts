import { type DynamicModule, Module } from '@nestjs/common';
import type { GoogleOAuthEndpoints } from '../../integrations/identity';
import { GoogleIdentityModule } from '../../integrations/identity/google-identity.module';
import { AppConfig } from '../../platform/config/app-config';
import { AuthModule } from './auth.module';
import { GoogleIdentityController } from './google-identity.controller';
import { LocalIdentityController } from './local-identity.controller';

export interface IdentityModuleOptions {
  /** Tests only: where the Google adapter finds Google (a local fake). */
  googleEndpoints?: GoogleOAuthEndpoints;
}

/**
 * The one place the identity adapter is chosen (IDENTITY_ADAPTER): only the
 * chosen adapter's routes exist, so `POST /api/auth/local` is simply absent
 * when Google sign-in is on. The routes live here, above the port, because they
 * open sessions (AuthService); integrations/identity holds the port and Google's wiring.
 */
@Module({})
export class IdentityModule {
  static forRoot(config: AppConfig, options: IdentityModuleOptions = {}): DynamicModule {
    if (config.IDENTITY_ADAPTER === 'google') {
      return {
        module: IdentityModule,
        imports: [AuthModule, GoogleIdentityModule.forRoot(options.googleEndpoints)],
        controllers: [GoogleIdentityController],
      };
    }
    return {
      module: IdentityModule,
      imports: [AuthModule],
      controllers: [LocalIdentityController],
    };
  }
}
