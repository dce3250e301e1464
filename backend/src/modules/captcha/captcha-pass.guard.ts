import {
  applyDecorators,
  ForbiddenException,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import {
  CAPTCHA_PASS_MESSAGES,
  CaptchaPassService,
  PENDING_LINK_CHECK,
  type RequestWithPendingLinkCheck,
} from './captcha-pass.service';
import { CAPTCHA_CHECKED_UPLOAD } from './captcha-upload';

/**
 * Lets a request through only with a valid, unexpired captcha pass in the
 * X-Captcha-Pass header, issued to this client address for the signing link
 * the request names (body, query or route parameter). A multipart body is
 * parsed after guards: only an endpoint whose upload compares its link token
 * (`@CaptchaCheckedUpload`) takes one.
 */
@Injectable()
export class CaptchaPassGuard implements CanActivate {
  constructor(
    private readonly passes: CaptchaPassService,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    this.passes.assertRequest(request);
    const bodyPending = (request as RequestWithPendingLinkCheck)[PENDING_LINK_CHECK] !== undefined;
    if (bodyPending && !this.reflector.get(CAPTCHA_CHECKED_UPLOAD, context.getHandler())) {
      throw new ForbiddenException(CAPTCHA_PASS_MESSAGES.noLink);
    }
    return true;
  }
}

/** Put on a signer endpoint (or controller) to require a captcha pass. */
export function RequireCaptchaPass(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(CaptchaPassGuard));
}
