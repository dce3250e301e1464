import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { ApiMetricsModule } from './api-metrics.module';
import { IntegrationsModule } from './integrations/integrations.module';
import { ApiKeysModule } from './modules/api-keys/api-keys.module';
import { CaptchaModule } from './modules/captcha/captcha.module';
import { AgreementMailNotesModule } from './modules/agreements/agreement-mail-notes.module';
import { AgreementReadGrantsModule } from './modules/agreements/agreement-read-grants.module';
import { ContractsModule } from './modules/families/contracts/contracts.module';
import { SowModule } from './modules/families/sow/sow.module';
import { CoModule } from './modules/families/co/co.module';
import { DocumentModule } from './modules/families/document/document.module';
import { DocumentFieldValuesModule } from './modules/families/document-signing/document-field-values.module';
import { DocumentSigningModule } from './modules/families/document-signing/document-signing.module';
import { FamilyRoutesModule } from './modules/family-routes/family-routes.module';
import { PublicApiRoutesModule } from './modules/public-api/public-api-routes.module';
import { InvoicesModule } from './modules/invoices/invoices.module';
import { InsightsModule } from './modules/insights/insights.module';
import { CrmModule } from './modules/crm/crm.module';
import { IdentityModule, type IdentityModuleOptions } from './modules/auth/identity.module';
import { AccessModule } from './modules/access/access.module';
import { AuthModule } from './modules/auth/auth.module';
import { DiagnosticsModule } from './modules/diagnostics/diagnostics.module';
import { FileServiceModule } from './modules/file-service/file-service.module';
import { DocumentsModule } from './modules/documents/documents.module';
import { PdfIntakeModule } from './modules/pdf-intake/pdf-intake.module';
import { DocumentDraftsModule } from './modules/document-drafts/document-drafts.module';
import { DocumentTemplatesModule } from './modules/document-templates/document-templates.module';
import { HealthModule } from './modules/health/health.module';
import { MailModule } from './modules/mail/mail.module';
import { MapsModule } from './modules/maps/maps.module';
import { ServicesModule } from './modules/services/services.module';
import { TermsModule } from './modules/terms/terms.module';
import { SigningModule } from './modules/signing/signing.module';
import { TimestampModule } from './modules/timestamp/timestamp.module';
import { OutboundWebhooksModule } from './modules/webhooks/outbound-webhooks.module';
import { WebhookInboxModule } from './modules/webhooks/webhook-inbox.module';
import { StaffRoomModule } from './platform/realtime/staff-room.gateway';
import { AuthPlatformModule } from './platform/auth/auth-platform.module';
import { StaffSessionGuard } from './platform/auth/session.guard';
import { ApiKeyGuard } from './platform/auth/api-key.guard';
import type { AppConfig } from './platform/config/app-config';
import { AllExceptionsFilter } from './platform/errors/all-exceptions.filter';
import { PlatformModule } from './platform/platform.module';
import { IdempotencyInterceptor } from './platform/public-api/idempotency.interceptor';
import { PublicApiModule } from './platform/public-api/public-api.module';
import { OriginGuard } from './platform/security/origin.guard';
import { SignerLinkHeadersModule } from './platform/security/signer-link-headers';
import { createValidationPipe } from './platform/validation/validation.pipe';

export interface ApiModuleOptions extends IdentityModuleOptions {
  /**
   * Tests only: modules added to the api, e.g. a throwaway public-api controller the route
   * walk proves itself on before the real ones exist.
   */
  testModules?: Type[];
}

/** The api process: HTTP controllers and Socket.IO gateways. Enqueues jobs, never processes them. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig, options: ApiModuleOptions = {}): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        PlatformModule.forRoot(config, 'api'),
        AuthPlatformModule,
        AccessModule,
        AuthModule,
        IdentityModule.forRoot(config, options),
        IntegrationsModule,
        AgreementMailNotesModule,
        AgreementReadGrantsModule,
        HealthModule,
        DiagnosticsModule,
        CrmModule,
        MailModule,
        CaptchaModule,
        ApiKeysModule,
        PublicApiModule,
        OutboundWebhooksModule,
        // A receiver inside the local stack, as the mail catcher is: never in production.
        ...(config.NODE_ENV === 'production' ? [] : [WebhookInboxModule]),
        MapsModule,
        FileServiceModule,
        DocumentsModule,
        PdfIntakeModule,
        DocumentDraftsModule,
        DocumentTemplatesModule,
        ContractsModule,
        SowModule,
        CoModule,
        DocumentModule,
        // Built now, not at import: every family registered before the app is built.
        FamilyRoutesModule.forRegisteredFamilies(),
        PublicApiRoutesModule,
        DocumentFieldValuesModule,
        DocumentSigningModule,
        InvoicesModule,
        InsightsModule,
        ServicesModule,
        TermsModule,
        SigningModule,
        TimestampModule,
        StaffRoomModule.withDirectory(AccessModule),
        ApiMetricsModule,
        ...(options.testModules ?? []),
        // After every controller's module: the signer link headers on the routes marked for them.
        SignerLinkHeadersModule,
      ],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // Guards run in this order: cross-site check first, then the staff session (default deny),
        // then the API key of the public api's routes (which the session guard leaves to it).
        { provide: APP_GUARD, useClass: OriginGuard },
        { provide: APP_GUARD, useClass: StaffSessionGuard },
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        // A public-api POST with an Idempotency-Key runs once; retries get its answer.
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
      ],
    };
  }
}
