import { Module } from '@nestjs/common';
import { AgreementsModule } from '../agreements/agreements.module';
import { AgreementMailController } from './agreement-mail.controller';
import { MailDeliveryStoreModule } from './mail-delivery-store.module';
import { MailController } from './mail.controller';
import { MailService } from './mail.service';
import { MailboxController } from './mailbox.controller';

/** Api side of mail: queueing mail (MailService, for other features), deliveries and the local mailbox. */
@Module({
  imports: [AgreementsModule, MailDeliveryStoreModule],
  controllers: [MailController, MailboxController, AgreementMailController],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
