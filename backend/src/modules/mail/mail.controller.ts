import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DeliveriesQuery, IdParam, TestMailDto } from './dto/mail-requests.dto';
import { MailService } from './mail.service';
import { AdminOnly } from '../../platform/auth/auth.decorators';

/** Admin view of outgoing mail: every delivery with its status, failed ones re-sendable. */
// Test mail and the delivery log (failed sends, retries) are for administrators.
@AdminOnly()
@Controller('mail')
export class MailController {
  constructor(private readonly mail: MailService) {}

  @Get('deliveries')
  deliveries(@Query() query: DeliveriesQuery) {
    return this.mail.list(query);
  }

  @Get('deliveries/:id')
  delivery(@Param() { id }: IdParam) {
    return this.mail.get(id);
  }

  @Post('deliveries/:id/retry')
  @HttpCode(HttpStatus.ACCEPTED)
  retry(@Param() { id }: IdParam) {
    return this.mail.requeue(id);
  }

  /** Sends a test mail (with an optional link) through the queue and the active mail adapter. */
  @Post('test')
  @HttpCode(HttpStatus.ACCEPTED)
  test(@Body() body: TestMailDto) {
    return this.mail.send({
      key: `test.${randomUUID()}`,
      template: { kind: 'test', data: body.link ? { link: body.link } : {} },
      to: [body.to],
    });
  }
}
