import { Module } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { DocumentStoreModule } from './document-store.module';
import { DOCUMENTS_PORT, type DocumentsPort } from './documents.port';
import { GoogleDocsAdapter } from './google-docs.adapter';
import { LocalDocumentsAdapter } from './local-documents.adapter';
import { DocumentRepository } from './store/document.repository';
import { UploadedRoutingPort } from './uploaded-routing.port';

/** The one place the documents adapter is chosen (DOCUMENTS_ADAPTER). */
@Module({
  imports: [DocumentStoreModule],
  providers: [
    {
      provide: DOCUMENTS_PORT,
      inject: [AppConfig, DocumentRepository],
      useFactory: (config: AppConfig, repository: DocumentRepository): DocumentsPort => {
        const local = new LocalDocumentsAdapter(config, repository);
        // Documents made from an uploaded PDF stay the local engine's (UploadedRoutingPort).
        return config.DOCUMENTS_ADAPTER === 'google'
          ? new UploadedRoutingPort(new GoogleDocsAdapter(config), local, repository)
          : local;
      },
    },
  ],
  exports: [DOCUMENTS_PORT],
})
export class DocumentsPortModule {}
