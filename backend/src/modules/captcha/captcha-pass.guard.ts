import {
  applyDecorators,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { CaptchaPassService } from './captcha-pass.service';

/**
 * Lets a request through only with a valid, unexpired captcha pass in the
 * X-Captcha-Pass header, issued to this client address for the signing link
 * the request names (body, query or route parameter).
 */
@Injectable()
export class CaptchaPassGuard implements CanActivate {
  constructor(private readonly passes: CaptchaPassService) {}

  canActivate(context: ExecutionContext): boolean {
    this.passes.assertRequest(context.switchToHttp().getRequest<Request>());
    return true;
  }
}

/** Put on a signer endpoint (or controller) to require a captcha pass. */
export function RequireCaptchaPass(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(CaptchaPassGuard));
}
