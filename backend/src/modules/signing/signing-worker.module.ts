import { Module } from '@nestjs/common';
import { AgreementSendService, AgreementSendSteps } from '../agreements';
import { AgreementsModule } from '../agreements/agreements.module';
import { CrmStageMovesModule } from '../crm/crm-stage-moves.module';
import { DocumentsCoreModule } from '../documents/documents.module';
import { MailService } from '../mail';
import { MailDeliveryStoreModule } from '../mail/mail-delivery-store.module';
import { SignatureImageStoreModule } from './signature-image-store.module';
import { SigningProcessor, SigningScheduler } from './signing.processor';
import { SIGNING_CORE_PROVIDERS } from './signing-core-providers';

/** Worker side of signing: resuming finishes (and mailed sends) a crashed api left half-way. */
@Module({
  imports: [
    AgreementsModule,
    CrmStageMovesModule,
    DocumentsCoreModule,
    MailDeliveryStoreModule,
    SignatureImageStoreModule,
  ],
  providers: [
    MailService,
    AgreementSendService,
    AgreementSendSteps,
    ...SIGNING_CORE_PROVIDERS,
    SigningProcessor,
    SigningScheduler,
  ],
})
export class SigningWorkerModule {}
