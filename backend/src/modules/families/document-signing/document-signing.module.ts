import { Module } from '@nestjs/common';
import { AgreementsModule } from '../../agreements/agreements.module';
import { DocumentsCoreModule } from '../../documents/documents.module';
import { DocumentAttachmentsController } from './document-attachments.controller';
import { DocumentFieldValuesModule } from './document-field-values.module';
import { AttachmentSizeMessage, DocumentSigningController } from './document-signing.controller';

/**
 * The "document" signer's own routes (`/api/document/fields|pdf|field-values|attachments/…`)
 * and the staff's attachment download.
 */
@Module({
  imports: [AgreementsModule, DocumentsCoreModule, DocumentFieldValuesModule],
  controllers: [DocumentSigningController, DocumentAttachmentsController],
  providers: [AttachmentSizeMessage],
})
export class DocumentSigningModule {}
