import { Module } from '@nestjs/common';
import { SystemProcessor } from './system.processor';

/** Worker side of diagnostics: the `system` queue processor. */
@Module({
  providers: [SystemProcessor],
})
export class DiagnosticsWorkerModule {}
