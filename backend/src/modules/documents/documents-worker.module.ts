import { Module } from '@nestjs/common';
import { DocumentsCoreModule } from './documents.module';
import { DocumentsProcessor } from './documents.processor';

/** Worker side: the `documents` queue processor. */
@Module({
  imports: [DocumentsCoreModule],
  providers: [DocumentsProcessor],
})
export class DocumentsWorkerModule {}
