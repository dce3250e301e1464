import { WEBHOOK_RETRY_SCHEDULE } from '@prosign/domain';
import { Expose, Transform } from 'class-transformer';
import { IsBoolean, Matches, ValidateIf } from 'class-validator';
import { ServicesConfig } from './services-config';
import { IntegerBetween, toBoolean } from '../config-validation';

const DAY_MS = 24 * 60 * 60_000;

/** Outgoing webhooks: where they may go, how long they are retried, how their secrets are kept. */
export class WebhooksConfig extends ServicesConfig {
  /**
   * Lets an endpoint be plain http to a loopback address (and a loopback address at all): the
   * local webhook inbox of `npm start`, and tests. Never in production: it would let an admin
   * point deliveries at services on the api's own machine.
   */
  @Expose()
  @Transform(toBoolean)
  @IsBoolean({ message: 'WEBHOOK_ALLOW_HTTP_LOOPBACK must be true or false' })
  readonly WEBHOOK_ALLOW_HTTP_LOOPBACK: boolean = false;

  /** The wait after a delivery's first failed try; it doubles after each further one. */
  @Expose()
  @IntegerBetween(10, DAY_MS)
  readonly WEBHOOK_RETRY_FIRST_DELAY_MS: number = WEBHOOK_RETRY_SCHEDULE.firstDelayMs;

  /** The longest wait between two tries of a delivery. */
  @Expose()
  @IntegerBetween(10, 7 * DAY_MS)
  readonly WEBHOOK_RETRY_MAX_DELAY_MS: number = WEBHOOK_RETRY_SCHEDULE.maxDelayMs;

  /**
   * How long a delivery is tried before it is failed, and how long an endpoint may fail every
   * delivery before it is disabled and the admins are mailed: 3 days.
   */
  @Expose()
  @IntegerBetween(100, 30 * DAY_MS)
  readonly WEBHOOK_RETRY_WINDOW_MS: number = WEBHOOK_RETRY_SCHEDULE.windowMs;

  /**
   * How often the worker relays outboxes a lost request left behind and re-queues deliveries
   * whose job was lost, and how long one must be overdue first.
   */
  @Expose()
  @IntegerBetween(200, 3_600_000)
  readonly WEBHOOK_SWEEP_EVERY_MS: number = 60_000;

  /**
   * Days a delivered webhook delivery, a failed one (counted from when it failed) and a relayed
   * event are kept; the worker (hourly) then deletes them.
   */
  @Expose()
  @IntegerBetween(1, 3650)
  readonly WEBHOOK_RETENTION_DAYS: number = 30;

  /**
   * Encrypts the endpoints' signing secrets at rest (AES-256-GCM under a key derived from it),
   * the same in api and worker. Unset: a built-in key, which protects nothing beyond a casual
   * read of the database; the api warns of it in production.
   */
  @Expose()
  @ValidateIf((env: WebhooksConfig) => env.WEBHOOK_SECRETS_KEY !== undefined)
  @Matches(/^.{32,}$/, { message: 'WEBHOOK_SECRETS_KEY must be at least 32 characters' })
  readonly WEBHOOK_SECRETS_KEY?: string;
}
