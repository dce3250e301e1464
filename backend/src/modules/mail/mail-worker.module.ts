import { Module } from '@nestjs/common';
import { MailProcessor } from './mail.processor';

/** Worker side of mail: the `mail` queue processor. */
@Module({
  providers: [MailProcessor],
})
export class MailWorkerModule {}
