import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Ip,
  Post,
} from '@nestjs/common';
import {
  CAPTCHA_PORT,
  type CaptchaPort,
  type CaptchaWidgetConfig,
} from '../../integrations/captcha/captcha.port';
import type { CaptchaPass } from '@prosign/domain';
import { CaptchaPassService } from './captcha-pass.service';
import { VerifyCaptchaDto } from './dto/verify-captcha.dto';
import { Public } from '../../platform/auth/auth.decorators';

/** Public: the signing pages render the challenge from /config and trade a solved one for a pass. */
// Signers have no account: the captcha is how they get in.
@Public()
@Controller('captcha')
export class CaptchaController {
  constructor(
    @Inject(CAPTCHA_PORT) private readonly captcha: CaptchaPort,
    private readonly passes: CaptchaPassService,
  ) {}

  @Get('config')
  config(): CaptchaWidgetConfig {
    return this.captcha.widgetConfig();
  }

  @Post('verify')
  @HttpCode(HttpStatus.OK)
  async verify(@Body() body: VerifyCaptchaDto, @Ip() ip: string): Promise<CaptchaPass> {
    if (!(await this.captcha.verify(body.response, ip))) {
      throw new ForbiddenException('Captcha verification failed. Please try again.');
    }
    return this.passes.issue();
  }
}
