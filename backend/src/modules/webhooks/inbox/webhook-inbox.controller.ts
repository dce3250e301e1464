import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import type { WebhookInboxEntry } from '@prosign/domain';
import type { Request } from 'express';
import { AdminOnly, Public } from '../../../platform/auth/auth.decorators';
import { WebhookInboxName } from './webhook-inbox.dto';
import { WebhookInboxService } from './webhook-inbox.service';

/**
 * The local webhook inbox (never in production: the module is not loaded there). Receiving is
 * public, as a customer's endpoint is; reading is for admins, as the mailbox is.
 */
@Controller('webhook-inbox')
export class WebhookInboxController {
  constructor(private readonly inbox: WebhookInboxService) {}

  @Public()
  @Post('receive/:name')
  @HttpCode(HttpStatus.OK)
  receive(
    @Param() { name }: WebhookInboxName,
    @Req() request: Request & { rawBody?: Buffer },
  ): Promise<{ received: true; signatureValid: boolean | null }> {
    // The bytes as sent: the signature is over them, not over a re-serialised body.
    const body = request.rawBody?.toString('utf8') ?? JSON.stringify(request.body ?? null);
    return this.inbox.receive(name, request.headers, body);
  }

  @AdminOnly()
  @Get()
  list(): Promise<WebhookInboxEntry[]> {
    return this.inbox.list();
  }
}
