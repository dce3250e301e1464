import { Module } from '@nestjs/common';
import { MailDeliveryRepository } from './mail-delivery.repository';

/** The store of mail deliveries, for every module that provides MailService or sends queued mail. */
@Module({
  providers: [MailDeliveryRepository],
  exports: [MailDeliveryRepository],
})
export class MailDeliveryStoreModule {}
