import { Global, Module } from '@nestjs/common';
import { SessionService } from './session.service';
import { StaffAccessEvents } from './staff-access-events';

/** Server-side staff sessions and their end/change announcements, available to every module of the api. */
@Global()
@Module({
  providers: [SessionService, StaffAccessEvents],
  exports: [SessionService, StaffAccessEvents],
})
export class AuthPlatformModule {}
