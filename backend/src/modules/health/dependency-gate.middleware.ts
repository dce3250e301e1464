import {
  Inject,
  Injectable,
  Logger,
  type NestMiddleware,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Redis } from 'ioredis';
import { mongo, type Connection } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { OUTAGE_MESSAGES } from '../../platform/errors/dependency-outage';
import { REDIS_CLIENT } from '../../platform/redis/redis.constants';
import { NoAnswerInTime, withinTime } from './within-time';

interface Reply {
  status(code: number): Reply;
  json(body: unknown): unknown;
  setHeader(name: string, value: string): unknown;
}

/** How often the gate asks MongoDB whether it answers, and how long it waits. */
const PROBE_EVERY_MS = 1000;
const PROBE_TIMEOUT_MS = 1500;
/**
 * A database that answers no ping in time is busy, not yet lost. Only this long without any
 * answer, or an error from the driver, closes the gate: 1,000 signers in a minute once had
 * hundreds of requests answered 503 because the ping, sent through the app's pool only, waited
 * behind them for over 10 s (bench/README).
 */
export const DOWN_AFTER_SILENCE_MS = 10_000;
/** After this long without an answer, the driver's own server monitors are asked to look again. */
const NUDGE_AFTER_MS = 15_000;
/** After this long, a monitor still inside one check is restarted (its check cancelled). */
const RESTART_MONITOR_AFTER_MS = 30_000;

/** The parts of the driver's topology the probe reads to say what it is waiting for. */
interface DriverTopology {
  topology?: {
    s?: {
      servers?: Map<
        string,
        {
          description?: { type?: string; error?: { message?: string } | null };
          monitor?: {
            s?: { state?: string };
            requestCheck?: () => void;
            close?: () => void;
            connect?: () => void;
          };
        }
      >;
    };
  };
}

/**
 * Whether MongoDB answers, by a ping every second through the app's own connection
 * (mongoose's readyState can stay "disconnected" after the server came back, so it is not
 * asked). A ping left unanswered there may only be waiting for a pooled connection behind
 * every request in flight: then a ping on a connection of its own says whether the database
 * answers, so a busy api is not taken for a lost database.
 */
@Injectable()
export class DatabaseProbe implements OnModuleInit, OnModuleDestroy {
  up = true;
  private timer: NodeJS.Timeout | undefined;
  private probing = false;
  /** When the current run of failed pings began (null while the database answers). */
  private downSince: number | null = null;
  /** When a ping was last answered. */
  private answeredAt = Date.now();
  private nudged = false;
  private restarted = false;
  private readonly logger = new Logger('Database');
  private directClient: mongo.MongoClient | undefined;
  /** The direct ping in flight, if any. */
  private directPing: Promise<void> | undefined;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.dropDirectClient();
  }

  /** A ping through the app's connection pool. */
  protected async pingThroughPool(): Promise<void> {
    const db = this.connection.db;
    if (!db) throw new Error('not connected');
    await db.command({ ping: 1 });
  }

  /** A ping on a connection of the probe's own, beside the app's pool. */
  protected async pingDirectly(): Promise<void> {
    this.directClient ??= new mongo.MongoClient(this.config.MONGODB_URI, {
      maxPoolSize: 1,
      serverSelectionTimeoutMS: 5000,
    });
    await this.directClient.db().command({ ping: 1 });
  }

  /**
   * Whether the database answers a ping on the probe's own connection in time. One such ping
   * at a time, on one client kept between probes; a client whose ping fails (not one that is
   * only slow) is started afresh next time, so no driver check is left waiting on a lost server.
   */
  private async answersDirectly(): Promise<boolean> {
    if (this.directPing) return false;
    const ping = this.pingDirectly().finally(() => {
      if (this.directPing === ping) this.directPing = undefined;
    });
    this.directPing = ping;
    ping.catch(() => void this.dropDirectClient());
    try {
      await withinTime(ping, PROBE_TIMEOUT_MS);
      return true;
    } catch {
      return false;
    }
  }

  private async dropDirectClient(): Promise<void> {
    const client = this.directClient;
    this.directClient = undefined;
    await client?.close().catch(() => undefined);
  }

  async probe(): Promise<boolean> {
    if (this.probing) return this.up;
    this.probing = true;
    try {
      try {
        await withinTime(this.pingThroughPool(), PROBE_TIMEOUT_MS);
      } catch (error) {
        if (!(error instanceof NoAnswerInTime) || !(await this.answersDirectly())) throw error;
      }
      this.up = true;
      this.answeredAt = Date.now();
      this.downSince = null;
      this.nudged = false;
      this.restarted = false;
    } catch (error) {
      const now = Date.now();
      // The driver said why (an error, or its monitors lost every server): down now. Neither
      // connection answering in time: down once silent for long.
      if (
        !(error instanceof NoAnswerInTime) ||
        this.everyServerLost() ||
        now - this.answeredAt >= DOWN_AFTER_SILENCE_MS
      ) {
        this.up = false;
      }
      this.downSince ??= now;
      const downFor = now - this.downSince;
      if (!this.nudged && downFor >= NUDGE_AFTER_MS) this.nudgeMonitors();
      if (!this.restarted && downFor >= RESTART_MONITOR_AFTER_MS) this.restartStuckMonitors();
    } finally {
      this.probing = false;
    }
    return this.up;
  }

  /**
   * The fault runs (bench/faults) twice saw the api's driver stop checking a
   * restarted database: no heartbeat after the server was marked unknown, every
   * request 503 for minutes. Once, after a while without an answer, say what
   * each server monitor is doing and ask it to check now (the driver's own
   * request, as an operation waiting for a server makes).
   */
  private nudgeMonitors(): void {
    this.nudged = true;
    for (const [address, server] of this.servers()) {
      this.logger.error(
        `database ${address} has not answered for ${NUDGE_AFTER_MS / 1000} s: server ${
          server.description?.type ?? '?'
        } (${server.description?.error?.message ?? 'no error'}), monitor ${
          server.monitor?.s?.state ?? 'absent'
        }; asking the monitor to check now`,
      );
      try {
        server.monitor?.requestCheck?.();
      } catch (error) {
        this.logger.warn(`monitor check request failed: ${(error as Error).message}`);
      }
    }
  }

  /**
   * A monitor still inside one check after the nudge (state "monitoring": a
   * check waiting on a connection that never answers nor closes) is closed,
   * which cancels that check, and started again, which checks at once.
   */
  private restartStuckMonitors(): void {
    this.restarted = true;
    for (const [address, server] of this.servers()) {
      const monitor = server.monitor;
      if (monitor?.s?.state !== 'monitoring' || !monitor.close || !monitor.connect) continue;
      this.logger.error(`database ${address}: its monitor is stuck in one check; restarting it`);
      try {
        monitor.close();
        monitor.connect();
      } catch (error) {
        this.logger.warn(`monitor restart failed: ${(error as Error).message}`);
      }
    }
  }

  /** Whether the driver's monitors know of servers and have lost them all (a refused connection). */
  private everyServerLost(): boolean {
    const servers = this.servers();
    return (
      servers.length > 0 && servers.every(([, server]) => server.description?.type === 'Unknown')
    );
  }

  private servers() {
    const topology = (this.connection.getClient() as unknown as DriverTopology).topology;
    return [...(topology?.s?.servers?.entries() ?? [])];
  }
}

/**
 * While MongoDB or Redis is known to be down (the probe above; the Redis
 * client's status), every request but /health answers 503 at once with a clear
 * body, instead of waiting for a timeout and failing half-way; the drivers
 * reconnect by themselves, and the first request after that goes through.
 * Requests that meet an outage mid-way get the same 503 from the exception filter.
 */
@Injectable()
export class DependencyGate implements NestMiddleware {
  constructor(
    private readonly database: DatabaseProbe,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  use(_request: unknown, response: Reply, next: () => void): void {
    const down = !this.database.up ? 'database' : this.redis.status !== 'ready' ? 'redis' : null;
    if (!down) return next();
    response.setHeader('Retry-After', '30');
    response.status(503).json({
      statusCode: 503,
      message: OUTAGE_MESSAGES[down],
      error: 'Service Unavailable',
    });
  }
}
