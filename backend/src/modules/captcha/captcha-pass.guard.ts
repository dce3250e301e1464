import {
  applyDecorators,
  ForbiddenException,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { CAPTCHA_PASS_HEADER } from '@prosign/domain';
import { CaptchaPassService } from './captcha-pass.service';

/** Lets a request through only with a valid, unexpired captcha pass in the X-Captcha-Pass header. */
@Injectable()
export class CaptchaPassGuard implements CanActivate {
  constructor(private readonly passes: CaptchaPassService) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | string[] | undefined> }>();
    const header = request.headers[CAPTCHA_PASS_HEADER.toLowerCase()];
    const pass = Array.isArray(header) ? header[0] : header;
    if (!this.passes.isValid(pass)) {
      throw new ForbiddenException(
        'Please confirm you are not a robot first (missing or expired captcha pass)',
      );
    }
    return true;
  }
}

/** Put on a signer endpoint (or controller) to require a captcha pass. */
export function RequireCaptchaPass(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(CaptchaPassGuard));
}
