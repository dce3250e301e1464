import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DocumentRepository } from './store/document.repository';
import {
  DocumentRecord,
  DocumentRecordSchema,
  StoredPdf,
  StoredPdfSchema,
} from './store/document.schema';
import { PdfFileStore } from './store/pdf-file.store';
import { UploadedFileUsers } from './store/uploaded-file-users.repository';

/** Document records and their files in GridFS; shared by the local adapter and the documents service. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: DocumentRecord.name, schema: DocumentRecordSchema },
      { name: StoredPdf.name, schema: StoredPdfSchema },
    ]),
  ],
  providers: [PdfFileStore, DocumentRepository, UploadedFileUsers],
  exports: [PdfFileStore, DocumentRepository, UploadedFileUsers],
})
export class DocumentStoreModule {}
