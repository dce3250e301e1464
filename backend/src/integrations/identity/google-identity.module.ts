import { type DynamicModule, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../../platform/config/app-config';
import { GoogleCallbackGuard, GoogleSignInGuard } from './google-auth.guards';
import {
  GOOGLE_OAUTH_ENDPOINTS,
  GoogleStrategy,
  type GoogleOAuthEndpoints,
} from './google.strategy';

/**
 * The Google identity adapter's wiring: passport, its strategy and the two guards the
 * sign-in routes use. Which adapter runs, and so which routes exist, is decided above
 * the port (modules/auth/identity.module.ts).
 */
@Module({})
export class GoogleIdentityModule {
  static forRoot(endpoints: GoogleOAuthEndpoints = {}): DynamicModule {
    return {
      module: GoogleIdentityModule,
      imports: [PassportModule.register({ session: false })],
      providers: [
        { provide: GOOGLE_OAUTH_ENDPOINTS, useValue: endpoints },
        {
          provide: GoogleStrategy,
          inject: [AppConfig, GOOGLE_OAUTH_ENDPOINTS],
          useFactory: (appConfig: AppConfig, oauthEndpoints: GoogleOAuthEndpoints) =>
            new GoogleStrategy(appConfig, oauthEndpoints),
        },
        GoogleSignInGuard,
        GoogleCallbackGuard,
      ],
      exports: [PassportModule, GoogleSignInGuard, GoogleCallbackGuard],
    };
  }
}
