import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuthModule } from '../../modules/auth/auth.module';
import { AppConfig } from '../../platform/config/app-config';
import { GoogleCallbackGuard, GoogleSignInGuard } from './google-auth.guards';
import { GoogleIdentityController } from './google-identity.controller';
import {
  GOOGLE_OAUTH_ENDPOINTS,
  GoogleStrategy,
  type GoogleOAuthEndpoints,
} from './google.strategy';
import { LocalIdentityController } from './local-identity.controller';

export interface IdentityModuleOptions {
  /** Tests only: where the Google adapter finds Google (a local fake). */
  googleEndpoints?: GoogleOAuthEndpoints;
}

/**
 * The one place the identity adapter is chosen (IDENTITY_ADAPTER): only the
 * chosen adapter's routes exist, so `POST /api/auth/local` is simply absent
 * when Google sign-in is on.
 */
@Module({})
export class IdentityModule {
  static forRoot(config: AppConfig, options: IdentityModuleOptions = {}): DynamicModule {
    if (config.IDENTITY_ADAPTER === 'google') {
      const providers: Provider[] = [
        { provide: GOOGLE_OAUTH_ENDPOINTS, useValue: options.googleEndpoints ?? {} },
        {
          provide: GoogleStrategy,
          inject: [AppConfig, GOOGLE_OAUTH_ENDPOINTS],
          useFactory: (appConfig: AppConfig, endpoints: GoogleOAuthEndpoints) =>
            new GoogleStrategy(appConfig, endpoints),
        },
        GoogleSignInGuard,
        GoogleCallbackGuard,
      ];
      return {
        module: IdentityModule,
        imports: [AuthModule, PassportModule.register({ session: false })],
        controllers: [GoogleIdentityController],
        providers,
      };
    }
    return {
      module: IdentityModule,
      imports: [AuthModule],
      controllers: [LocalIdentityController],
    };
  }
}
