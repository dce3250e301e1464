import { Module } from '@nestjs/common';
import { MailSweeper } from './mail-sweeper';
import { MailProcessor } from './mail.processor';

/** Worker side of mail: the `mail` queue processor and the sweep of lost deliveries. */
@Module({
  providers: [MailProcessor, MailSweeper],
})
export class MailWorkerModule {}
