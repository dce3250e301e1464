import { Global, Module } from '@nestjs/common';
import { AgreementsModule } from '../agreements/agreements.module';
import { COUNTERSIGN_DUTY } from '../auth';
import { AgreementActionsModule } from '../agreements/agreement-actions.module';
import { CrmModule } from '../crm/crm.module';
import { CrmStageMovesModule } from '../crm/crm-stage-moves.module';
import { DocumentsCoreModule } from '../documents/documents.module';
import { MailModule } from '../mail/mail.module';
import { CountersignController } from './countersign.controller';
import { CountersignDefaultsRepository } from './countersign-defaults.repository';
import { CountersignService } from './countersign.service';
import { EmailCodeController, EmailCodeDefaultsController } from './email-code.controller';
import { EmailCodeGuard } from './email-code.guard';
import { EmailCodeRepository } from './email-code.repository';
import { EmailCodeService } from './email-code.service';
import { SignatureImageStoreModule } from './signature-image-store.module';
import { SignerCallsService } from './signer-calls.service';
import { SignerCrmController } from './signer-crm.controller';
import { SignerTemplateController } from './signer-template.controller';
import { SigningDeclineService } from './signing-decline.service';
import { SigningHandoverService } from './signing-handover.service';
import { SigningFinishService } from './signing-finish.service';
import { SigningPresenceGateway } from './signing-presence.gateway';
import { SigningPresenceService } from './signing-presence.service';
import { SigningController } from './signing.controller';
import { SIGNING_CORE_PROVIDERS } from './signing-core-providers';
import { SignerSignatureService } from './signer-signature.service';
import { SigningService } from './signing.service';
import { VerifyController } from './verify.controller';
import { VerifyService } from './verify.service';
import { SealLevelOverrideController } from './seal-level-override.controller';
import { SealLevelOverrides } from './seal-level-override.service';

/**
 * Api side of signing (spec 1 §4, §7): the signer's calls, including the two the
 * spec puts under staff paths (merge-docs, deal stage to signed), presence, the
 * public verify page. Global so the families' link-signing controllers
 * (`linkSigningController`) reach the signer core.
 */
@Global()
@Module({
  imports: [
    AgreementsModule,
    AgreementActionsModule,
    CrmModule,
    CrmStageMovesModule,
    DocumentsCoreModule,
    MailModule,
    SignatureImageStoreModule,
  ],
  controllers: [
    SigningController,
    VerifyController,
    SignerTemplateController,
    SignerCrmController,
    CountersignController,
    EmailCodeController,
    EmailCodeDefaultsController,
    SealLevelOverrideController,
  ],
  providers: [
    ...SIGNING_CORE_PROVIDERS,
    SignerCallsService,
    SigningPresenceService,
    SigningPresenceGateway,
    VerifyService,
    CountersignService,
    // The session answer's "Waiting for my signature" entry (auth sits below signing).
    { provide: COUNTERSIGN_DUTY, useExisting: CountersignService },
    CountersignDefaultsRepository,
    SigningDeclineService,
    SigningHandoverService,
    SealLevelOverrides,
    EmailCodeRepository,
    EmailCodeService,
    EmailCodeGuard,
  ],
  exports: [
    COUNTERSIGN_DUTY,
    SignerCallsService,
    SigningService,
    SignerSignatureService,
    SigningFinishService,
    SigningDeclineService,
    SigningHandoverService,
    EmailCodeService,
    EmailCodeGuard,
  ],
})
export class SigningModule {}
