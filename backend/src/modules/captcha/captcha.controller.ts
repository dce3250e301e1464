import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { CaptchaPass } from '@prosign/domain';
import type { Request } from 'express';
import {
  CAPTCHA_PORT,
  type CaptchaPort,
  type CaptchaWidgetConfig,
} from '../../integrations/captcha';
import { Public } from '../../platform/auth/auth.decorators';
import { clientIp } from '../../platform/auth/staff-principal';
import { SignerLinkHeaders } from '../../platform/security/signer-link-headers';
import { CaptchaPassService } from './captcha-pass.service';
import { VerifyCaptchaDto } from './dto/verify-captcha.dto';
import { UsedChallenges } from './used-challenges';

/**
 * Public: the signing pages render the challenge from /config and trade a
 * solved one for a pass bound to their link and address. Rate-limited per
 * client address (SIGN_IN_RATE_LIMIT_PER_MINUTE, counted in Redis).
 */
// Signers have no account: the captcha is how they get in.
@Public()
@SignerLinkHeaders()
@UseGuards(ThrottlerGuard)
@Controller('captcha')
export class CaptchaController {
  constructor(
    @Inject(CAPTCHA_PORT) private readonly captcha: CaptchaPort,
    private readonly passes: CaptchaPassService,
    private readonly usedChallenges: UsedChallenges,
  ) {}

  @Get('config')
  config(): CaptchaWidgetConfig {
    return this.captcha.widgetConfig();
  }

  @Post('verify')
  @HttpCode(HttpStatus.OK)
  async verify(@Body() body: VerifyCaptchaDto, @Req() request: Request): Promise<CaptchaPass> {
    const ip = clientIp(request);
    // Single use: a replayed answer is refused before the provider is asked again.
    await this.usedChallenges.consume(body.response);
    if (!(await this.captcha.verify(body.response, ip))) {
      throw new ForbiddenException('Captcha verification failed. Please try again.');
    }
    return this.passes.issue({ linkToken: body.linkToken, ip });
  }
}
