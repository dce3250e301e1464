import { Module } from '@nestjs/common';
import { DocumentCleanupModule } from '../document-cleanup/document-cleanup.module';
import { InsightsWorkerModule } from '../insights/insights-worker.module';
import { SystemProcessor } from './system.processor';

/** Worker side of diagnostics: the `system` queue processor. */
@Module({
  imports: [DocumentCleanupModule, InsightsWorkerModule],
  providers: [SystemProcessor],
})
export class DiagnosticsWorkerModule {}
