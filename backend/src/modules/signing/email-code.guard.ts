import {
  applyDecorators,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { EmailCodeService } from './email-code.service';

/** The link token a signer request names: a route parameter, a query parameter or a JSON body field. */
function linkTokenOf(request: Request): string | null {
  for (const source of [request.params, request.query, request.body] as unknown[]) {
    if (typeof source !== 'object' || source === null) continue;
    for (const field of ['token', 'customId']) {
      const value = (source as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) return value;
    }
  }
  return null;
}

/**
 * Lets a signer request through only when its link needs no e-mail code, or it carries a
 * valid proof (`X-Email-Code-Proof`) for that link and its captcha pass. The
 * captcha pass guard checks the pass itself. A multipart body is parsed after guards: its
 * handler checks the body's token itself (`EmailCodeService.assertRequest`).
 */
@Injectable()
export class EmailCodeGuard implements CanActivate {
  constructor(private readonly codes: EmailCodeService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const token = linkTokenOf(request);
    if (token) await this.codes.assertRequest(request, token);
    return true;
  }
}

/** Put on a signer endpoint (or controller) that opens or changes the document: a verified code first. */
export function RequireEmailCode(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(EmailCodeGuard));
}
