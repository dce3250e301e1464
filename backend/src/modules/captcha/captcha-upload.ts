import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface';
import type { Observable } from 'rxjs';
import { linkTokensOf, linkTokensOfBody } from './captcha-binding';
import {
  CaptchaPassService,
  PENDING_LINK_CHECK,
  type RequestWithPendingLinkCheck,
} from './captcha-pass.service';

/** Set on a handler whose multipart body's link token `CaptchaUploadLinkInterceptor` compares. */
export const CAPTCHA_CHECKED_UPLOAD = Symbol('captchaCheckedUpload');

/**
 * The second half of the captcha pass check for a multipart body (the signature image upload):
 * guards run before the upload interceptor parses the body, so the pass guard leaves the body's
 * link token to be compared here, right after the upload's own interceptor parsed it and before
 * the handler runs.
 */
@Injectable()
export class CaptchaUploadLinkInterceptor implements NestInterceptor {
  constructor(private readonly passes: CaptchaPassService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<RequestWithPendingLinkCheck>();
    const expected = request[PENDING_LINK_CHECK];
    if (expected !== undefined) {
      // A link named by the route (`/attachments/:customId`), checked by the guard, is the
      // request's link: the body then need not name it again, but may name no other.
      const namedByRoute = linkTokensOf(request, { body: false }).values.length > 0;
      this.passes.assertPendingBody(expected, linkTokensOfBody(request.body), !namedByRoute);
      delete request[PENDING_LINK_CHECK];
    }
    return next.handle();
  }
}

/**
 * A signer endpoint's file upload (multer's `FileInterceptor` for `field`) whose text fields'
 * link token is held to the captcha pass. The pass guard refuses a multipart body on any
 * endpoint without it: a body it cannot check never reaches a handler.
 */
export function CaptchaCheckedUpload(field: string, options: MulterOptions): MethodDecorator {
  return applyDecorators(
    SetMetadata(CAPTCHA_CHECKED_UPLOAD, true),
    UseInterceptors(FileInterceptor(field, options), CaptchaUploadLinkInterceptor),
  );
}
