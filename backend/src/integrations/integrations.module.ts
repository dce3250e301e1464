import { Module } from '@nestjs/common';
import { CaptchaIntegrationModule } from './captcha/captcha.module';
import { CrmIntegrationModule } from './crm/crm.module';
import { FileServiceIntegrationModule } from './file-service/file-service.module';
import { MailIntegrationModule } from './mail/mail.module';
import { MapsIntegrationModule } from './maps/maps.module';
import { TimestampIntegrationModule } from './timestamp/timestamp.module';

/** Every port to an outside service, each with the adapter AppConfig selects (docs/architecture.md#the-pieces). */
@Module({
  imports: [
    CrmIntegrationModule,
    MailIntegrationModule,
    CaptchaIntegrationModule,
    MapsIntegrationModule,
    FileServiceIntegrationModule,
    TimestampIntegrationModule,
  ],
})
export class IntegrationsModule {}
