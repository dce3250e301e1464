import { Global, Module } from '@nestjs/common';
import { SessionService } from './session.service';

/** Server-side staff sessions, available to every module of the api. */
@Global()
@Module({
  providers: [SessionService],
  exports: [SessionService],
})
export class AuthPlatformModule {}
