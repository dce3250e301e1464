import { Module } from '@nestjs/common';
import { DocumentStoreModule } from '../../../integrations/documents/document-store.module';
import { AccessModule } from '../../access/access.module';
import { AgreementActionsModule } from '../../agreements/agreement-actions.module';
import { DocumentDraftsModule } from '../../document-drafts/document-drafts.module';
import { PdfIntakeModule } from '../../pdf-intake/pdf-intake.module';
import { DocumentCreationController } from './document-creation.controller';
import { DocumentCreationService } from './document-creation.service';

/**
 * Documents from any PDF: created from a builder draft and sent. Their list and actions and
 * the signer's calls are every family's (`FamilyRoutesModule`).
 */
@Module({
  imports: [
    AccessModule,
    AgreementActionsModule,
    DocumentStoreModule,
    DocumentDraftsModule,
    PdfIntakeModule,
  ],
  controllers: [DocumentCreationController],
  providers: [DocumentCreationService],
  exports: [DocumentCreationService],
})
export class DocumentModule {}
