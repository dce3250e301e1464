import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { CaughtMailService } from './caught-mail.service';
import { MAIL_PORT, type MailPort } from './mail.port';
import { SmtpMailAdapter } from './smtp-mail.adapter';

/**
 * The mail port: SMTP to the configured server, or to the local catcher
 * (MAIL_ADAPTER=local), whose caught mail CaughtMailService reads.
 */
@Global()
@Module({
  providers: [
    {
      provide: MAIL_PORT,
      inject: [AppConfig],
      useFactory: (config: AppConfig): MailPort => new SmtpMailAdapter(config),
    },
    CaughtMailService,
  ],
  exports: [MAIL_PORT, CaughtMailService],
})
export class MailIntegrationModule implements OnApplicationShutdown {
  constructor(@Inject(MAIL_PORT) private readonly mail: MailPort) {}

  onApplicationShutdown(): void {
    this.mail.close();
  }
}
