import { Controller, ForbiddenException, Get, Req, Res, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { SIGN_IN_RESULT_PARAM, ROUTES, type SignInFailure } from '@prosign/domain';
import type { Response } from 'express';
import { Public } from '../../platform/auth/auth.decorators';
import { clientIp } from '../../platform/auth/staff-principal';
import { AppConfig } from '../../platform/config/app-config';
import {
  GoogleCallbackGuard,
  GoogleSignInGuard,
  type GoogleRequest,
  type VerifiedIdentity,
} from '../../integrations/identity';
import { AuthService } from './auth.service';

/**
 * The Google identity adapter's two routes. The browser arrives here by
 * navigation (not fetch), so answers are redirects back to the shell: the
 * remembered page on success, /portal?signin=denied|failed otherwise.
 */
@Public()
@Controller('auth/google')
export class GoogleIdentityController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {}

  /**
   * `?email=` pre-selects the account, `?returnTo=` is the page to land on afterwards.
   * Rate-limited per client address before any state is stored.
   */
  @Get()
  @UseGuards(ThrottlerGuard, GoogleSignInGuard)
  start(): void {
    // GoogleSignInGuard has already redirected to Google.
  }

  @Get('callback')
  @UseGuards(GoogleCallbackGuard)
  async callback(@Req() request: GoogleRequest, @Res() response: Response): Promise<void> {
    const identity = (request as { user?: VerifiedIdentity | false }).user;
    if (!identity) return this.backToPortal(response, 'failed');
    try {
      const session = await this.auth.signIn(identity, clientIp(request));
      this.auth.setSessionCookie(response, session);
    } catch (error) {
      if (error instanceof ForbiddenException) return this.backToPortal(response, 'denied');
      throw error;
    }
    response.redirect(`${this.config.PUBLIC_SHELL_URL}${request.oauthReturnTo ?? ROUTES.home}`);
  }

  private backToPortal(response: Response, reason: SignInFailure): void {
    response.redirect(
      `${this.config.PUBLIC_SHELL_URL}${ROUTES.portal}?${SIGN_IN_RESULT_PARAM}=${reason}`,
    );
  }
}
