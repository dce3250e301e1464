import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { StaffSession } from '@prosign/domain';
import type { Response } from 'express';
import { AccessService } from '../access';
import { Public } from '../../platform/auth/auth.decorators';
import { clientIp, type StaffRequest } from '../../platform/auth/staff-principal';
import { AuthService } from './auth.service';
import { StaffEmailDto } from './dto/check-user.dto';

/**
 * The embedded identity adapter: `POST /api/auth/local {email}` signs a listed
 * user in with the same session cookie a person gets. Only registered when
 * IDENTITY_ADAPTER=local, which configuration refuses in production.
 */
@Controller('auth')
export class LocalIdentityController {
  constructor(
    private readonly auth: AuthService,
    private readonly access: AccessService,
  ) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Post('local')
  @HttpCode(HttpStatus.OK)
  async signIn(
    @Body() body: StaffEmailDto,
    @Req() request: StaffRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StaffSession> {
    const email = this.access.normalizeEmail(body.email);
    const session = await this.auth.signIn({ email, provider: 'local' }, clientIp(request));
    this.auth.setSessionCookie(response, session);
    return this.auth.describe(session);
  }
}
