import { Module } from '@nestjs/common';
import { MailDeliveryStoreModule } from './mail-delivery-store.module';
import { MailSweeper } from './mail-sweeper';
import { MailProcessor } from './mail.processor';

/** Worker side of mail: the `mail` queue processor and the sweep of lost deliveries. */
@Module({
  imports: [MailDeliveryStoreModule],
  providers: [MailProcessor, MailSweeper],
})
export class MailWorkerModule {}
