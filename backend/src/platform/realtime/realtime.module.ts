import { Global, Module } from '@nestjs/common';
import { RealtimePublisher } from './realtime-publisher';

/** Realtime publishing for api and worker alike (the sockets themselves live in the api). */
@Global()
@Module({
  providers: [RealtimePublisher],
  exports: [RealtimePublisher],
})
export class RealtimeModule {}
