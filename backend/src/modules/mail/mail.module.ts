import { Module } from '@nestjs/common';
import { MailDeliveryStoreModule } from './mail-delivery-store.module';
import { MailController } from './mail.controller';
import { MailService } from './mail.service';
import { MailboxController } from './mailbox.controller';

/** Api side of mail: queueing mail (MailService, for other features), deliveries and the local mailbox. */
@Module({
  imports: [MailDeliveryStoreModule],
  controllers: [MailController, MailboxController],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
