import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { DocumentStoreModule } from '../../integrations/documents/document-store.module';
import { AppConfig } from '../../platform/config/app-config';
import { singleFileUploadLimits } from '../../platform/validation/upload-limits';
import { PdfIntakeController, UploadSizeMessage } from './pdf-intake.controller';
import { PdfIntakeService } from './pdf-intake.service';

/** The upload intake of "document" agreements: POST /api/documents/upload. */
@Module({
  imports: [
    DocumentStoreModule,
    MulterModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // Browsers send a file's name as UTF-8 without saying so; multer reads latin1 unless told.
        defParamCharset: 'utf8',
        // One byte over: a file at the limit passes multer, and the intake says it is too large.
        limits: singleFileUploadLimits({
          fileSize: config.PDF_UPLOAD_MAX_MB * 1024 * 1024 + 1,
          fields: 0,
        }),
      }),
    }),
  ],
  controllers: [PdfIntakeController],
  providers: [PdfIntakeService, UploadSizeMessage],
  exports: [PdfIntakeService],
})
export class PdfIntakeModule {}
