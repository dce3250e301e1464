import { Expose, Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsUrl, Matches } from 'class-validator';
import { IntegerBetween, httpUrl, oneOf, toList } from '../config-validation';
import {
  DEFAULT_CORS_ORIGINS,
  LOG_LEVELS,
  NODE_ENVS,
  type LogLevel,
  type NodeEnv,
} from '../config-values';

/** The process: environment, ports, the database and Redis, logs, CORS, the worker, the public API URL. */
export class ProcessConfig {
  @Expose()
  @IsIn(NODE_ENVS, oneOf('NODE_ENV', NODE_ENVS))
  readonly NODE_ENV: NodeEnv = 'development';

  @Expose()
  @IntegerBetween(1, 65535)
  readonly API_PORT: number = 3000;

  /**
   * The api's Prometheus `/metrics` listener, apart from API_PORT so the Ingress and nginx
   * never route to it (README, Metrics). Unset: no listener; 0: any free port.
   */
  @Expose()
  @IsOptional()
  @IntegerBetween(0, 65535)
  readonly METRICS_PORT?: number;

  /** The worker's `/metrics` listener (the worker serves nothing else). Unset: none; 0: any free port. */
  @Expose()
  @IsOptional()
  @IntegerBetween(0, 65535)
  readonly WORKER_METRICS_PORT?: number;

  /** Sign-in attempts allowed per client address a minute (local and Google sign-in, user-name check). */
  @Expose()
  @IntegerBetween(1, 100000)
  readonly SIGN_IN_RATE_LIMIT_PER_MINUTE: number = 30;

  /**
   * Requests one API key may make to the public api (`/api/v1`) a minute, counted in Redis
   * across api processes; a burst of this many is let through at once.
   */
  @Expose()
  @IntegerBetween(1, 1000000)
  readonly API_RATE_LIMIT_PER_MINUTE: number = 600;

  /**
   * Reverse proxies in front of the api whose X-Forwarded-For is believed (0: none). The address
   * recorded in audit trails and used by rate limits is the one this many hops back.
   */
  @Expose()
  @IntegerBetween(0, 10)
  readonly TRUST_PROXY_HOPS: number = 0;

  @Expose()
  @IsNotEmpty({ message: 'MONGODB_URI is required' })
  @Matches(/^mongodb(\+srv)?:\/\/\S+$/, {
    message: 'MONGODB_URI must be a mongodb:// or mongodb+srv:// URI',
  })
  readonly MONGODB_URI: string;

  @Expose()
  @IsNotEmpty({ message: 'REDIS_URL is required' })
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  readonly REDIS_URL: string;

  /** Namespace of every Redis key we own: BullMQ queues and Socket.IO channels. */
  @Expose()
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/, {
    message: 'QUEUE_PREFIX must be 1-64 characters of letters, digits, _ . -',
  })
  readonly QUEUE_PREFIX: string = 'prosign';

  @Expose()
  @IsIn(LOG_LEVELS, oneOf('LOG_LEVEL', LOG_LEVELS))
  readonly LOG_LEVEL: LogLevel = 'info';

  @Expose()
  @Transform(toList)
  @IsUrl(httpUrl, {
    each: true,
    message: 'CORS_ORIGINS must be a comma-separated list of http(s) origins',
  })
  readonly CORS_ORIGINS: string[] = DEFAULT_CORS_ORIGINS;

  /**
   * Jobs one worker process runs at once. Most jobs wait on I/O (Redis, MongoDB,
   * SMTP, the CRM), so 16 keeps both cores busy: no-op jobs go through at about
   * twice the rate of 4 (bench/queue).
   */
  @Expose()
  @IntegerBetween(1, 100)
  readonly WORKER_CONCURRENCY: number = 16;

  /**
   * The worker's CPU niceness (0–19): its jobs (seals, mails, CRM writes) give way to the api's
   * requests, which signers wait on, where both share a machine's cores. Raising one's own
   * niceness needs no privilege; 0 leaves it as started.
   */
  @Expose()
  @IntegerBetween(0, 19)
  readonly WORKER_NICENESS: number = 10;

  /** The API as browsers reach it: document links (`docLink`) are built on it. */
  @Expose()
  @IsUrl(httpUrl, { message: 'PUBLIC_API_URL must be an http(s) URL' })
  readonly PUBLIC_API_URL: string = 'http://localhost:3000';
}
