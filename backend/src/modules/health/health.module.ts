import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { AgreementsModule } from '../agreements/agreements.module';
import { DatabaseProbe, DependencyGate } from './dependency-gate.middleware';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { QueueBoardController } from './queue-board.controller';
import { StuckOperationsController } from './stuck-operations.controller';

@Module({
  // The stuck operations are agreements' sends and finishes, read through their repository.
  imports: [AgreementsModule],
  controllers: [HealthController, StuckOperationsController, QueueBoardController],
  providers: [HealthService, DatabaseProbe],
})
export class HealthModule implements NestModule {
  /** Every route but /health answers 503 at once while MongoDB or Redis is down. */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(DependencyGate)
      .exclude({ path: 'health', method: RequestMethod.ALL })
      .forRoutes({ path: '{*splat}', method: RequestMethod.ALL });
  }
}
