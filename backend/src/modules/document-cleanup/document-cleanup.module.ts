import { Module } from '@nestjs/common';
import { DocumentStoreModule } from '../../integrations/documents/document-store.module';
import { DocumentDraftsModule } from '../document-drafts/document-drafts.module';
import { DocumentTemplatesModule } from '../document-templates/document-templates.module';
import { PdfIntakeModule } from '../pdf-intake/pdf-intake.module';
import { DocumentCleanupScheduler, DocumentCleanupService } from './document-cleanup.service';

/** Worker side: deletes drafts left untouched and uploads nothing uses, on a schedule. */
@Module({
  imports: [DocumentStoreModule, DocumentDraftsModule, DocumentTemplatesModule, PdfIntakeModule],
  providers: [DocumentCleanupService, DocumentCleanupScheduler],
  exports: [DocumentCleanupService],
})
export class DocumentCleanupModule {}
