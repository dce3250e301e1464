import { Module } from '@nestjs/common';
import { MailController } from './mail.controller';
import { MailService } from './mail.service';
import { MailboxController } from './mailbox.controller';

/** Api side of mail: queueing mail (MailService, for other features), deliveries and the local mailbox. */
@Module({
  controllers: [MailController, MailboxController],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
