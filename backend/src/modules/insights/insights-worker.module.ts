import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { StaffUserStoreModule } from '../access/staff-user-store.module';
import { AgreementsModule } from '../agreements/agreements.module';
import { MailService } from '../mail';
import { MailDeliveryStoreModule } from '../mail/mail-delivery-store.module';
import { InsightsDigestProcessor } from './insights-digest.processor';
import { InsightsDigestService } from './insights-digest.service';
import { InsightsDigestChoice, InsightsDigestChoiceSchema } from './insights-digest.schema';
import { InsightsDigestRepository } from './insights-digest.repository';
import { InsightsService } from './insights.service';

/** Worker side of Insights: the Monday digest, its schedule and its queue's processor. */
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
    InsightsDigestProcessor,
    MailService,
  ],
})
export class InsightsWorkerModule {}
