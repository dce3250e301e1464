import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type Profile, type StrategyOptions } from 'passport-google-oauth20';
import { AppConfig } from '../../platform/config/app-config';
import type { VerifiedIdentity } from './identity.port';

/**
 * Google endpoints; the integration test points them at a local fake (no live
 * network in tests), production uses the library's defaults.
 */
export const GOOGLE_OAUTH_ENDPOINTS = Symbol('GOOGLE_OAUTH_ENDPOINTS');

export type GoogleOAuthEndpoints = Partial<
  Pick<StrategyOptions, 'authorizationURL' | 'tokenURL' | 'userProfileURL'>
>;

/** Google OAuth 2.0: the verified e-mail address of the Google account. */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(config: AppConfig, endpoints: GoogleOAuthEndpoints) {
    super({
      clientID: config.GOOGLE_CLIENT_ID ?? '',
      clientSecret: config.GOOGLE_CLIENT_SECRET ?? '',
      callbackURL: config.GOOGLE_CALLBACK_URL ?? '',
      scope: ['openid', 'email', 'profile'],
      ...endpoints,
    });
  }

  /** Returning false makes the callback report a failed sign-in. */
  validate(
    _accessToken: string,
    _refreshToken: string,
    profile: Profile,
  ): VerifiedIdentity | false {
    const email = profile.emails?.find((candidate) => candidate.verified)?.value;
    return email ? { email: email.toLowerCase(), provider: 'google' } : false;
  }
}
