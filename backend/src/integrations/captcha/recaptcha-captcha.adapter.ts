import { BadGatewayException, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config';
import type { CaptchaPort, CaptchaWidgetConfig } from './captcha.port';

interface SiteVerifyAnswer {
  success?: boolean;
  'error-codes'?: string[];
}

/** reCAPTCHA v2, verified on the server with Google's siteverify endpoint. */
export class RecaptchaCaptchaAdapter implements CaptchaPort {
  readonly adapter = 'recaptcha' as const;
  private readonly logger = new Logger('Recaptcha');

  constructor(private readonly config: AppConfig) {}

  widgetConfig(): CaptchaWidgetConfig {
    return { adapter: 'recaptcha', siteKey: this.config.RECAPTCHA_SITE_KEY };
  }

  async verify(response: string, remoteIp?: string): Promise<boolean> {
    const form = new URLSearchParams({ secret: this.config.RECAPTCHA_SECRET ?? '', response });
    if (remoteIp) form.set('remoteip', remoteIp);
    let answer: Response;
    try {
      answer = await fetch(this.config.RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new ServiceUnavailableException(
        'The captcha service could not be reached; please try again',
      );
    }
    if (!answer.ok)
      throw new BadGatewayException(`The captcha service answered HTTP ${answer.status}`);
    const body = (await answer.json()) as SiteVerifyAnswer;
    const codes = body['error-codes'] ?? [];
    // A wrong secret is our configuration, not the visitor's fault: say so in the logs.
    if (codes.includes('invalid-input-secret') || codes.includes('missing-input-secret')) {
      this.logger.error('reCAPTCHA refused RECAPTCHA_SECRET');
      throw new BadGatewayException('The captcha service refused our configuration');
    }
    return body.success === true;
  }
}
