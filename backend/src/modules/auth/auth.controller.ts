import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { CheckUserResponse, SignedOut, SignInOptions, StaffSession } from '@prosign/domain';
import type { Response } from 'express';
import { CurrentStaff, Public } from '../../platform/auth/auth.decorators';
import { sessionIdOf } from '../../platform/auth/request-credentials';
import { SessionService } from '../../platform/auth/session.service';
import type { StaffPrincipal, StaffRequest } from '../../platform/auth/staff-principal';
import { AppConfig } from '../../platform/config/app-config';
import { AccessService } from '../access';
import { AuthService } from './auth.service';
import { StaffEmailDto } from './dto/check-user.dto';

/** The staff session: what the login page needs, the current session, sign-out. */
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly access: AccessService,
    private readonly sessions: SessionService,
    private readonly config: AppConfig,
  ) {}

  /** Which sign-in the login page offers and the domain it appends. */
  @Public()
  @Get('options')
  options(): SignInOptions {
    return {
      identity: this.config.IDENTITY_ADAPTER,
      companyEmailDomain: this.config.COMPANY_EMAIL_DOMAIN,
    };
  }

  /**
   * The login page's user-name check (spec 1 §2.3). Answers only yes or no for
   * one address, and is rate-limited, so the user list cannot be read through it.
   */
  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('check-user')
  @HttpCode(HttpStatus.OK)
  async checkUser(@Body() body: StaffEmailDto): Promise<CheckUserResponse> {
    return { listed: await this.access.isListed(body.email) };
  }

  /** The signed-in person: e-mail, roles, flags, countersigning and when the session ends; 401 without one. */
  @Get('session')
  session(@CurrentStaff() staff: StaffPrincipal): Promise<StaffSession> {
    return this.auth.toSessionView(staff);
  }

  /** Ends the session (if any) and drops the cookie; always succeeds. */
  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  async logout(
    @Req() request: StaffRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignedOut> {
    const sessionId = sessionIdOf(request);
    if (sessionId) await this.sessions.destroy(sessionId);
    this.auth.clearSessionCookie(response);
    return { success: true };
  }
}
