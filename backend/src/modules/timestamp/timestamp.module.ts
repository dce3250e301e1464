import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { TimestampController } from './timestamp.controller';

/** `POST /api/timestamp`: the local time-stamp authority for outside tools (the port is global). */
@Module({
  // AuthModule registers the Redis-backed rate limiter.
  imports: [AuthModule],
  controllers: [TimestampController],
})
export class TimestampModule {}
