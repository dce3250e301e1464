import { Module } from '@nestjs/common';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeys } from './api-keys.service';

/** API keys for the public api: the admins' routes, and verification for the routes keys call. */
@Module({
  controllers: [ApiKeysController],
  providers: [ApiKeyRepository, ApiKeys],
  exports: [ApiKeys],
})
export class ApiKeysModule {}
