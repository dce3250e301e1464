import { Module } from '@nestjs/common';
import { DiagnosticsController } from './diagnostics.controller';
import { DiagnosticsGateway } from './diagnostics.gateway';
import { DiagnosticsService } from './diagnostics.service';

/** Api side of diagnostics: enqueue and read echo jobs, answer Socket.IO pings. */
@Module({
  controllers: [DiagnosticsController],
  providers: [DiagnosticsService, DiagnosticsGateway],
})
export class DiagnosticsModule {}
