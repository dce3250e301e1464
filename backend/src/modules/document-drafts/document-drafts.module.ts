import { Module } from '@nestjs/common';
import { PdfIntakeModule } from '../pdf-intake/pdf-intake.module';
import { DocumentDraftRepository } from './document-draft.repository';
import { DocumentDraftsController } from './document-drafts.controller';
import { DocumentDraftsService } from './document-drafts.service';

/** The field builder's saved work: /api/documents/drafts. */
@Module({
  imports: [PdfIntakeModule],
  controllers: [DocumentDraftsController],
  providers: [DocumentDraftRepository, DocumentDraftsService],
  exports: [DocumentDraftsService, DocumentDraftRepository],
})
export class DocumentDraftsModule {}
