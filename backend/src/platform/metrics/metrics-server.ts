import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../config/app-config';
import { ProductMetrics } from './product-metrics';

/**
 * Serves `GET /metrics` (Prometheus text format) on a listener of its own: METRICS_PORT in
 * the api, WORKER_METRICS_PORT in the worker; unset, none. Never on the api's port, so
 * neither the Ingress nor nginx, which route `/api`, can reach it; in Kubernetes only the
 * Prometheus the NetworkPolicy names can (README, Metrics).
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server: Server | null = null;

  constructor(
    private readonly metrics: ProductMetrics,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The port the listener took (a free one when configured 0); null when none listens. */
  get port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.configuredPort();
    if (port === undefined) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      this.metrics.registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': this.metrics.registry.contentType });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        (error: unknown) => {
          this.logger.error(`metrics not collected: ${String(error)}`);
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics not collected\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.log(`metrics at http://0.0.0.0:${this.port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private configuredPort(): number | undefined {
    if (this.metrics.role === 'api') return this.config.METRICS_PORT;
    if (this.metrics.role === 'worker') return this.config.WORKER_METRICS_PORT;
    return undefined;
  }
}
