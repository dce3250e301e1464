import { Module } from '@nestjs/common';
import { DocumentDraftsModule } from '../document-drafts/document-drafts.module';
import { PdfIntakeModule } from '../pdf-intake/pdf-intake.module';
import { DocumentTemplateRepository } from './document-template.repository';
import { DocumentTemplatesController } from './document-templates.controller';
import { DocumentTemplatesService } from './document-templates.service';

/** Prepared documents kept with roles instead of people: /api/documents/templates. */
@Module({
  imports: [DocumentDraftsModule, PdfIntakeModule],
  controllers: [DocumentTemplatesController],
  providers: [DocumentTemplateRepository, DocumentTemplatesService],
  exports: [DocumentTemplateRepository, DocumentTemplatesService],
})
export class DocumentTemplatesModule {}
