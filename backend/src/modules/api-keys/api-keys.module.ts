import { Module } from '@nestjs/common';
import { ApiKeyVerifier } from '../../platform/auth/api-key-verifier';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeys } from './api-keys.service';

/** API keys for the public api: the admins' routes, and verification for the routes keys call. */
@Module({
  controllers: [ApiKeysController],
  providers: [ApiKeyRepository, ApiKeys, { provide: ApiKeyVerifier, useExisting: ApiKeys }],
  // The key guard (platform) checks presented keys through ApiKeyVerifier.
  exports: [ApiKeys, ApiKeyVerifier],
})
export class ApiKeysModule {}
