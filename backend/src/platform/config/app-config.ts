// class-transformer's @Type reads design-time metadata; this module may load before Nest does.
import 'reflect-metadata';
import { WebhooksConfig } from './sections/webhooks-config';

export * from './config-values';

/**
 * Every environment variable the api and the worker read, validated once at boot
 * (see `loadConfig`). Property initialisers are the defaults. Injected as a
 * provider, so code never reads `process.env` directly.
 *
 * The variables are declared by area in ./sections, one class each, chained (each section
 * extends the one before): class-validator and class-transformer read a class's decorators
 * through its ancestors, so this stays one flat class with every variable. The chain's order is
 * the order variables are validated and reported in.
 */
export class AppConfig extends WebhooksConfig {
  // Defaults that depend on other variables (class-transformer defaults cannot).

  /** BOOTSTRAP_ADMIN_EMAILS, else admin@<COMPANY_EMAIL_DOMAIN> outside production. */
  get bootstrapAdminEmails(): readonly string[] {
    if (this.BOOTSTRAP_ADMIN_EMAILS) return this.BOOTSTRAP_ADMIN_EMAILS;
    return this.NODE_ENV === 'production' ? [] : [`admin@${this.COMPANY_EMAIL_DOMAIN}`];
  }

  /** DEFAULT_PM_EMAIL, else pm@<COMPANY_EMAIL_DOMAIN>. */
  get defaultPmEmail(): string {
    return this.DEFAULT_PM_EMAIL ?? `pm@${this.COMPANY_EMAIL_DOMAIN}`;
  }

  /** CO_COMPANY_CC_EMAIL, else changeorders@<COMPANY_EMAIL_DOMAIN>. */
  get coCompanyCcEmail(): string {
    return this.CO_COMPANY_CC_EMAIL ?? `changeorders@${this.COMPANY_EMAIL_DOMAIN}`;
  }
}
