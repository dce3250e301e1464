import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AgreementsModule } from '../agreements/agreements.module';
import { InsightsDigestChoice, InsightsDigestChoiceSchema } from './insights-digest.schema';
import { InsightsDigestRepository } from './insights-digest.repository';
import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';

const DIGEST_STORE = MongooseModule.forFeature([
  { name: InsightsDigestChoice.name, schema: InsightsDigestChoiceSchema },
]);

/** Api side of Insights (issue 58): the page's figures and the digest choice. */
@Module({
  imports: [AgreementsModule, DIGEST_STORE],
  controllers: [InsightsController],
  providers: [InsightsService, InsightsDigestRepository],
})
export class InsightsModule {}
