import { type DynamicModule, Module } from '@nestjs/common';
import { dashboardAccessOf } from '@prosign/domain';
import { RequireAccess } from '../../../platform/auth/auth.decorators';
import { AgreementsModule } from '../../agreements/agreements.module';
import { DocumentsCoreModule } from '../../documents/documents.module';
import { DocumentAttachmentsController } from './document-attachments.controller';
import { DocumentFieldValuesModule } from './document-field-values.module';
import { AttachmentSizeMessage, DocumentSigningController } from './document-signing.controller';
import { DOCUMENT_FAMILY } from './document-signer-fields.service';

/**
 * The "document" signer's own routes (`/api/document/fields|pdf|field-values|attachments/…`)
 * and the staff's attachment download. Built with the app: the staff route takes the family's
 * dashboard flag from its registered definition.
 */
@Module({})
export class DocumentSigningModule {
  static forRegisteredFamily(): DynamicModule {
    RequireAccess(dashboardAccessOf(DOCUMENT_FAMILY))(DocumentAttachmentsController);
    return {
      module: DocumentSigningModule,
      imports: [AgreementsModule, DocumentsCoreModule, DocumentFieldValuesModule],
      controllers: [DocumentSigningController, DocumentAttachmentsController],
      providers: [AttachmentSizeMessage],
    };
  }
}
