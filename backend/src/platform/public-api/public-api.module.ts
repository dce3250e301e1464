import { Module } from '@nestjs/common';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';
import { IdempotencyRecordRepository } from './idempotency-record.repository';

/**
 * What the public api's guard and interceptor need: the per-key rate limit and the records of
 * idempotent requests. The api module installs ApiKeyGuard and IdempotencyInterceptor globally.
 */
@Module({
  providers: [ApiKeyRateLimiter, IdempotencyRecordRepository],
  exports: [ApiKeyRateLimiter, IdempotencyRecordRepository],
})
export class PublicApiModule {}
