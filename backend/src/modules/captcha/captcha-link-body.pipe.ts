import {
  Injectable,
  type ArgumentMetadata,
  type NestMiddleware,
  type PipeTransform,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { linkTokensOfBody } from './captcha-binding';
import {
  CaptchaPassService,
  PENDING_LINK_CHECK,
  type RequestWithPendingLinkCheck,
} from './captcha-pass.service';

/** The request being handled, for the pipe below (pipes are not handed the request). */
const currentRequest = new AsyncLocalStorage<Request>();

/** Runs the rest of the request inside `currentRequest`. */
@Injectable()
export class CurrentRequestMiddleware implements NestMiddleware {
  use(request: Request, _response: Response, next: NextFunction): void {
    currentRequest.run(request, next);
  }
}

/**
 * The second half of the captcha pass check for multipart bodies (signature
 * image upload): guards run before the upload interceptor parses the body, so
 * the pass guard leaves the body's link token to be compared here, when the
 * handler's body is read. Every other request passes through untouched.
 */
@Injectable()
export class CaptchaLinkBodyPipe implements PipeTransform {
  constructor(private readonly passes: CaptchaPassService) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body') return value;
    const request = currentRequest.getStore() as RequestWithPendingLinkCheck | undefined;
    const expected = request?.[PENDING_LINK_CHECK];
    if (!request || expected === undefined) return value;
    this.passes.assertPendingBody(expected, linkTokensOfBody(value));
    delete request[PENDING_LINK_CHECK];
    return value;
  }
}
