import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../redis/redis.constants';

/** How often a worker says it is alive, and how long the api believes it. */
const WORKER_HEARTBEAT_EVERY_MS = 5_000;
const WORKER_HEARTBEAT_TTL_MS = 20_000;

/** The sorted set of live workers: member = host:pid, score = last heartbeat (epoch ms). */
function workerHeartbeatKey(prefix: string): string {
  return `${prefix}:workers`;
}

/** What the api's /health says of the workers. */
export interface WorkersHealth {
  /** Workers that beat within WORKER_HEARTBEAT_TTL_MS. */
  alive: number;
  /** Milliseconds since the latest heartbeat; null when none was ever seen. */
  lastSeenMsAgo: number | null;
}

/** Reads the workers' heartbeats (the api's health check). */
export async function workersHealth(redis: Redis, prefix: string): Promise<WorkersHealth> {
  const now = Date.now();
  const key = workerHeartbeatKey(prefix);
  const [alive, latest] = await Promise.all([
    redis.zcount(key, String(now - WORKER_HEARTBEAT_TTL_MS), '+inf'),
    redis.zrevrange(key, 0, 0, 'WITHSCORES'),
  ]);
  return {
    alive,
    lastSeenMsAgo: latest.length === 2 ? Math.max(0, now - Number(latest[1])) : null,
  };
}

/**
 * The worker's health signal: every few seconds it writes its heartbeat to
 * Redis (a sorted set by time, stale members pruned), which the api's /health
 * reads. A Redis outage only pauses it; it is never fatal.
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHeartbeat.name);
  private readonly member = `${hostname()}:${process.pid}`;
  private timer: NodeJS.Timeout | undefined;
  private failing = false;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), WORKER_HEARTBEAT_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.redis
      .zrem(workerHeartbeatKey(this.config.QUEUE_PREFIX), this.member)
      .catch(() => undefined);
  }

  async beat(): Promise<void> {
    const key = workerHeartbeatKey(this.config.QUEUE_PREFIX);
    const now = Date.now();
    try {
      await this.redis
        .multi()
        .zadd(key, now, this.member)
        .zremrangebyscore(key, '-inf', now - 10 * WORKER_HEARTBEAT_TTL_MS)
        .exec();
      if (this.failing) this.logger.log('heartbeat written again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn(`heartbeat not written: ${String(error)}`);
      this.failing = true;
    }
  }
}
