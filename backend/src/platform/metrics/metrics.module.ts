import { type DynamicModule, Global, Logger, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobMetrics } from './job-metrics';
import { MetricsServer } from './metrics-server';
import { ProductMetrics, type MetricsRole } from './product-metrics';
import { QueueReadings } from './queue-readings';

/**
 * One Prometheus registry per process (`ProductMetrics`), the jobs of its processors timed,
 * and its `/metrics` listener (README, Metrics). Global: the seal and the finish count into it.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(role: MetricsRole): DynamicModule {
    const logger = new Logger('Metrics');
    return {
      module: MetricsModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: ProductMetrics,
          useFactory: () =>
            new ProductMetrics(role, (name, error) =>
              logger.warn(`${name} not read: ${(error as Error).message ?? String(error)}`),
            ),
        },
        MetricsServer,
        JobMetrics,
        QueueReadings,
      ],
      exports: [ProductMetrics, QueueReadings],
    };
  }
}
