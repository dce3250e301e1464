import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { AgreementRepository } from './modules/agreements';
import { AgreementsModule } from './modules/agreements/agreements.module';
import { CrmStageMoveRepository } from './modules/crm';
import { CrmStageMovesModule } from './modules/crm/crm-stage-moves.module';
import { MailDeliveryRepository } from './modules/mail';
import { MailDeliveryStoreModule } from './modules/mail/mail-delivery-store.module';
import { ProductMetrics } from './platform/metrics/product-metrics';
import { QueueReadings } from './platform/metrics/queue-readings';

/**
 * The api's gauges over the whole installation (README, Metrics): the queues, the mail and CRM
 * outboxes and the seals waiting for a time stamp, read from their stores at each scrape.
 * Only the api exports them: every replica would read the same numbers, and workers may be
 * scaled to none.
 */
@Injectable()
class ClusterGauges implements OnModuleInit {
  constructor(
    private readonly metrics: ProductMetrics,
    private readonly queues: QueueReadings,
    private readonly mail: MailDeliveryRepository,
    private readonly crm: CrmStageMoveRepository,
    private readonly agreements: AgreementRepository,
  ) {}

  onModuleInit(): void {
    this.metrics.readClusterGauges({
      queueJobs: () => this.queues.queueJobs(),
      oldestWaitingAges: () => this.queues.oldestWaitingAges(),
      mailBacklog: () => this.mail.countBacklog(),
      crmBacklog: () => this.crm.countBacklog(),
      sealsWaitingForTimestamp: () => this.agreements.sealsWaitingForTimestamp(),
    });
  }
}

@Module({
  imports: [AgreementsModule, CrmStageMovesModule, MailDeliveryStoreModule],
  providers: [ClusterGauges],
})
export class ApiMetricsModule {}
