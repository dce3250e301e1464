import { Module } from '@nestjs/common';
import { CrmStageMovesModule } from '../crm/crm-stage-moves.module';
import { DocumentsCoreModule } from '../documents/documents.module';
import { MailModule } from '../mail/mail.module';
import { AgreementCreationService } from './agreement-creation.service';
import { AgreementHandoverService } from './agreement-handover.service';
import { AgreementLifecycleService } from './agreement-lifecycle.service';
import { AgreementListService } from './agreement-list.service';
import { AgreementMailController } from './agreement-mail.controller';
import { AgreementReminders } from './agreement-reminders';
import { AgreementSendSteps } from './agreement-send-steps';
import { AgreementSendService } from './agreement-send.service';
import { AgreementsModule } from './agreements.module';
import { AgreementCrmEvents } from './agreement-crm-events';

/**
 * What staff do with agreements of every family: the send and the dashboard
 * actions (with the schedules' expiry and reminders), and the card's Retry of a
 * failed mail. Signing is the signing module's; both go through the agreement core.
 */
@Module({
  imports: [AgreementsModule, DocumentsCoreModule, MailModule, CrmStageMovesModule],
  controllers: [AgreementMailController],
  providers: [
    AgreementCrmEvents,
    AgreementHandoverService,
    AgreementSendService,
    AgreementSendSteps,
    AgreementLifecycleService,
    AgreementReminders,
    AgreementCreationService,
    AgreementListService,
  ],
  exports: [
    AgreementsModule,
    AgreementCrmEvents,
    AgreementHandoverService,
    AgreementSendService,
    AgreementSendSteps,
    AgreementLifecycleService,
    AgreementReminders,
    AgreementCreationService,
    AgreementListService,
  ],
})
export class AgreementActionsModule {}
