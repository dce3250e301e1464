import { Body, Controller, Get, HttpCode, HttpStatus, Post, Put, Query, Req } from '@nestjs/common';
import type { EmailCodeDefaultsResponse, EmailCodeProof, EmailCodeStatus } from '@prosign/domain';
import type { Request } from 'express';
import { AdminOnly, CurrentStaff, Public } from '../../platform/auth/auth.decorators';
import { clientIp, type StaffPrincipal } from '../../platform/auth/staff-principal';
import { EmailCodeDefaultsRepository } from '../agreements';
import { RequireCaptchaPass } from '../captcha';
import {
  EmailCodeDefaultDto,
  EmailCodeSendDto,
  EmailCodeStatusQuery,
  EmailCodeVerifyDto,
} from './dto/email-code.dto';
import { EmailCodeService } from './email-code.service';
import { SignerRateLimit } from './signer-throttle';

/**
 * The signer's e-mail code calls, for every family's link (the SOW and CO pages'
 * customId is their link token): after the captcha, before the document. Rate-limited per
 * address like every signer call, on top of the code's own limits.
 */
@Public()
@RequireCaptchaPass()
@SignerRateLimit()
@Controller('signing/email-code')
export class EmailCodeController {
  constructor(private readonly codes: EmailCodeService) {}

  /** Whether the link needs a code, to which (masked) address, and whether one is pending. */
  @Get()
  status(@Query() query: EmailCodeStatusQuery): Promise<EmailCodeStatus> {
    return this.codes.status(query.token);
  }

  /** Mails a new code (the previous one stops working); 429 "wait N minutes" past the limit. */
  @Post('send')
  @HttpCode(HttpStatus.OK)
  send(@Body() body: EmailCodeSendDto): Promise<EmailCodeStatus> {
    return this.codes.send(body.token);
  }

  /** Checks the code: the proof for this link and captcha pass, or why not (400, 409, 410, 429). */
  @Post('verify')
  @HttpCode(HttpStatus.OK)
  verify(@Body() body: EmailCodeVerifyDto, @Req() request: Request): Promise<EmailCodeProof> {
    return this.codes.verify(body.token, body.code, request, {
      ip: clientIp(request) ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
  }
}

/** Each family's default (an admin setting): every staff member reads it, admins change it. */
@Controller('email-code/defaults')
export class EmailCodeDefaultsController {
  constructor(private readonly defaults: EmailCodeDefaultsRepository) {}

  @Get()
  async get(): Promise<EmailCodeDefaultsResponse> {
    return { defaults: await this.defaults.all() };
  }

  @Put()
  @AdminOnly()
  async set(
    @Body() body: EmailCodeDefaultDto,
    @CurrentStaff() staff: StaffPrincipal,
  ): Promise<EmailCodeDefaultsResponse> {
    await this.defaults.set(body.family, body.required, staff.email);
    return { defaults: await this.defaults.all() };
  }
}
