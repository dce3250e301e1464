import { Module } from '@nestjs/common';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';

/** What the public api's guard and interceptors share: the per-key rate limit. */
@Module({
  providers: [ApiKeyRateLimiter],
  exports: [ApiKeyRateLimiter],
})
export class PublicApiModule {}
