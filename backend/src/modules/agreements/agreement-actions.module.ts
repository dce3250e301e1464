import { Module } from '@nestjs/common';
import { CrmStageMovesModule } from '../crm/crm-stage-moves.module';
import { DocumentsCoreModule } from '../documents/documents.module';
import { MailModule } from '../mail/mail.module';
import { AgreementCreationService } from './agreement-creation.service';
import { AgreementLifecycleService } from './agreement-lifecycle.service';
import { AgreementListService } from './agreement-list.service';
import { AgreementSendService } from './agreement-send.service';
import { AgreementsModule } from './agreements.module';

/**
 * What staff do with agreements of every family: the send and the dashboard
 * actions (with the schedules' expiry and reminders). Signing is the signing
 * module's; both go through the agreement core.
 */
@Module({
  imports: [AgreementsModule, DocumentsCoreModule, MailModule, CrmStageMovesModule],
  providers: [
    AgreementSendService,
    AgreementLifecycleService,
    AgreementCreationService,
    AgreementListService,
  ],
  exports: [
    AgreementsModule,
    AgreementSendService,
    AgreementLifecycleService,
    AgreementCreationService,
    AgreementListService,
  ],
})
export class AgreementActionsModule {}
