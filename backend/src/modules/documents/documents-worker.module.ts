import { Module } from '@nestjs/common';
import { DocumentsCoreModule } from './documents.module';
import { ArchiveTimestampsScheduler, DocumentsProcessor } from './documents.processor';
import { ArchiveTimestampsService } from './archive-timestamps.service';

/** Worker side: the `documents` queue processor. */
@Module({
  imports: [DocumentsCoreModule],
  providers: [DocumentsProcessor, ArchiveTimestampsScheduler, ArchiveTimestampsService],
})
export class DocumentsWorkerModule {}
