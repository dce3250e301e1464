import { Injectable, Logger } from '@nestjs/common';
import { formatPacificDateTime, hasFailedForWholeWindow } from '@prosign/domain';
import { AppConfig } from '../../../platform/config/app-config';
import { StaffUserRepository } from '../../access';
import { MailService } from '../../mail';
import { WebhookEndpointRepository, type WebhookEndpointDoc } from './webhook-endpoint.repository';

/** The staff app's page of webhook endpoints (the shell's admin page). */
const ENDPOINTS_PAGE = '/webhooks';

/**
 * Whether an endpoint is healthy: failing since its first failed try after the last success,
 * and disabled once it failed every try for a whole retry window. Disabling is one conditional
 * write, so however many workers see the failure, one of them mails the admins.
 */
@Injectable()
export class WebhookEndpointHealth {
  private readonly logger = new Logger(WebhookEndpointHealth.name);

  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly staff: StaffUserRepository,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  async delivered(endpoint: Pick<WebhookEndpointDoc, '_id'>, at: Date): Promise<void> {
    await this.endpoints.noteDelivered(endpoint._id, at);
  }

  /**
   * A try failed. The endpoint is disabled when it has failed every try for a whole window, or
   * when a delivery failed for good (`gaveUp`: its window of retries is over) and nothing was
   * delivered to the endpoint since that delivery's first try. `at`: when the try started.
   */
  async tryFailed(
    endpoint: WebhookEndpointDoc,
    at: Date,
    gaveUp: { firstTryAt: Date } | null,
  ): Promise<void> {
    const now = at;
    await this.endpoints.noteFailed(endpoint._id, now);
    const window = { windowMs: this.config.WEBHOOK_RETRY_WINDOW_MS };
    // The endpoint as read before this try: its failing streak began then at the latest.
    const failingSince = endpoint.failingSince ?? now;
    const failingBefore = gaveUp ? gaveUp.firstTryAt : new Date(now.getTime() - window.windowMs);
    if (!gaveUp && !hasFailedForWholeWindow(window, endpoint.failingSince, now)) return;
    if (failingSince.getTime() > failingBefore.getTime()) return;
    const disabled = await this.endpoints.disableFailing(endpoint._id, failingBefore, now);
    if (!disabled) return;
    this.logger.warn(
      `webhook endpoint ${endpoint._id} disabled: failing since ${String(disabled.failingSince?.toISOString())}`,
    );
    await this.mailAdmins(disabled);
  }

  private async mailAdmins(endpoint: WebhookEndpointDoc): Promise<void> {
    const listed = (await this.staff.list('admin')).map((user) => user.email);
    const admins = listed.length ? listed : [...this.config.bootstrapAdminEmails];
    if (admins.length === 0) {
      this.logger.error(`webhook endpoint ${endpoint._id} disabled and no admin to tell`);
      return;
    }
    await this.mail.send({
      // Once per disabling: enabled again and disabled again later is another mail.
      key: `webhook-endpoint-disabled.${endpoint._id}.${endpoint.disabledAt?.getTime() ?? 0}`,
      template: {
        kind: 'webhook-endpoint-disabled',
        data: {
          endpointUrl: endpoint.url,
          description: endpoint.description,
          failingSince: formatPacificDateTime(endpoint.failingSince),
          link: `${this.config.PUBLIC_SHELL_URL.replace(/\/+$/, '')}${ENDPOINTS_PAGE}`,
        },
      },
      to: admins,
    });
  }
}
