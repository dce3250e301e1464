import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { AdapterSelection, DependencyStatus, HealthReport } from '@prosign/domain';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { CAPTCHA_PORT, type CaptchaPort } from '../../integrations/captcha';
import { CRM_PORT, type CrmPort } from '../../integrations/crm';
import { FILE_SERVICE_PORT, type FileServicePort } from '../../integrations/file-service';
import { MAIL_PORT, type MailPort } from '../../integrations/mail';
import { MAPS_PORT, type MapsPort } from '../../integrations/maps';
import { TIMESTAMP_PORT, type TimestampPort } from '../../integrations/timestamp';
import { AppConfig } from '../../platform/config/app-config';
import { APP_VERSION } from '../../platform/config/app-version';
import { QueueStatsService } from '../../platform/queues/queue-stats.service';
import { workersHealth } from '../../platform/queues/worker-heartbeat';
import { REDIS_CLIENT } from '../../platform/redis/redis.constants';
import { withinTime } from './within-time';

/** A probe that has not answered within this time counts as down: health must answer quickly. */
const PROBE_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly queueStats: QueueStatsService,
    private readonly config: AppConfig,
    @Inject(CRM_PORT) private readonly crm: CrmPort,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(CAPTCHA_PORT) private readonly captcha: CaptchaPort,
    @Inject(MAPS_PORT) private readonly maps: MapsPort,
    @Inject(FILE_SERVICE_PORT) private readonly fileService: FileServicePort,
    @Inject(TIMESTAMP_PORT) private readonly timestamps: TimestampPort,
  ) {}

  async check(): Promise<HealthReport> {
    const [database, redis] = await Promise.all([
      this.probe('database', async () => {
        if (!this.connection.db) throw new Error('not connected');
        await this.connection.db.admin().ping();
      }),
      this.probe('redis', () => this.redis.ping()),
    ]);
    const [queues, workers] = redis.up
      ? await Promise.all([
          withinTime(this.queueStats.countsByQueue(), PROBE_TIMEOUT_MS).catch(() => null),
          withinTime(workersHealth(this.redis, this.config.QUEUE_PREFIX), PROBE_TIMEOUT_MS).catch(
            () => null,
          ),
        ])
      : [null, null];

    return {
      status: database.up && redis.up ? 'ok' : 'degraded',
      database,
      redis,
      queues,
      workers,
      adapters: this.adapters(),
      sealLevel: this.config.SEAL_LEVEL,
      version: APP_VERSION,
    };
  }

  /** The adapter each port was actually built with (ports not built yet: from configuration). */
  private adapters(): AdapterSelection {
    return {
      crm: this.crm.adapter,
      documents: this.config.DOCUMENTS_ADAPTER,
      mail: this.mail.adapter,
      captcha: this.captcha.adapter,
      identity: this.config.IDENTITY_ADAPTER,
      maps: this.maps.adapter,
      fileService: this.fileService.adapter,
      timestamp: this.timestamps.adapter,
    };
  }

  private async probe(name: string, ping: () => Promise<unknown>): Promise<DependencyStatus> {
    const started = performance.now();
    try {
      await withinTime(ping(), PROBE_TIMEOUT_MS);
      return { up: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
    } catch (error) {
      this.logger.warn(`${name} health probe failed: ${(error as Error).message}`);
      return { up: false, latencyMs: null };
    }
  }
}
