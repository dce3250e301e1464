import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DocumentsPortModule } from '../../integrations/documents/documents-port.module';
import { DocumentStoreModule } from '../../integrations/documents/document-store.module';
import { DocumentsController } from './documents.controller';
import { DocumentReadAccess } from './document-read-access';
import { DocumentReadGrantRepository } from './document-read-grant.repository';
import { DerivedDocumentsService } from './derived-documents.service';
import { DocumentLayoutService } from './document-layout.service';
import { DocumentPdfService } from './document-pdf.service';
import { DocumentsService } from './documents.service';
import { PdfSealerService } from './pdf/pdf-sealer.service';
import { SealCertificateRepository } from './pdf/seal-certificate.repository';
import { SealCertificate, SealCertificateSchema } from './pdf/seal-certificate.schema';
import { SignatureImageService } from './signatures/signature-image.service';
import { TemplateController } from './template.controller';

/** The document engine's services, shared by the api and worker modules. */
@Module({
  imports: [
    DocumentStoreModule,
    DocumentsPortModule,
    MongooseModule.forFeature([{ name: SealCertificate.name, schema: SealCertificateSchema }]),
  ],
  providers: [
    DocumentsService,
    DocumentPdfService,
    DerivedDocumentsService,
    DocumentLayoutService,
    DocumentReadAccess,
    DocumentReadGrantRepository,
    PdfSealerService,
    SealCertificateRepository,
    SignatureImageService,
  ],
  exports: [
    DocumentsService,
    DocumentPdfService,
    DerivedDocumentsService,
    DocumentLayoutService,
    DocumentReadAccess,
    PdfSealerService,
    SignatureImageService,
    DocumentStoreModule,
  ],
})
export class DocumentsCoreModule {}

/** Api side: template calls and the document links. */
@Module({
  imports: [DocumentsCoreModule],
  controllers: [TemplateController, DocumentsController],
})
export class DocumentsModule {}
