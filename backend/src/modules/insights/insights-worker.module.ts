import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { StaffUserStoreModule } from '../access/staff-user-store.module';
import { AgreementsModule } from '../agreements/agreements.module';
import { MailService } from '../mail';
import { MailDeliveryStoreModule } from '../mail/mail-delivery-store.module';
import { InsightsDigestScheduler, InsightsDigestService } from './insights-digest.service';
import { InsightsDigestChoice, InsightsDigestChoiceSchema } from './insights-digest.schema';
import { InsightsDigestRepository } from './insights-digest.repository';
import { InsightsService } from './insights.service';

/**
 * Worker side of Insights: the Monday digest's schedule and the service the `system` queue's
 * processor runs for it.
 */
@Module({
  imports: [
    AgreementsModule,
    MailDeliveryStoreModule,
    StaffUserStoreModule,
    MongooseModule.forFeature([
      { name: InsightsDigestChoice.name, schema: InsightsDigestChoiceSchema },
    ]),
  ],
  providers: [
    InsightsService,
    InsightsDigestRepository,
    InsightsDigestService,
    InsightsDigestScheduler,
    MailService,
  ],
  exports: [InsightsDigestService],
})
export class InsightsWorkerModule {}
