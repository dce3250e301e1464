import { Injectable } from '@nestjs/common';
import { WEBHOOK_EVENT_TYPES } from '@prosign/domain';
import { AppConfig } from '../../../platform/config/app-config';
import type { Seeder } from '../../../platform/database/seeder';
import { INBOX_RECEIVE_PATH } from '../inbox/webhook-inbox-path';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { WebhookEndpointsService } from './webhook-endpoints.service';

/** The demo endpoint's inbox name: `/api/webhook-inbox/receive/demo`. */
const DEMO_INBOX = 'demo';

/**
 * A demo endpoint for every event, pointing at the api's own local inbox, so a demo signing
 * shows what a customer's system would receive. Once: an endpoint already pointing there
 * (an admin may have changed its events) is left as it is.
 */
@Injectable()
export class WebhookDemoSeeder implements Seeder {
  readonly name = 'demo webhook endpoint';

  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly service: WebhookEndpointsService,
    private readonly config: AppConfig,
  ) {}

  async seed(): Promise<string> {
    if (!this.config.WEBHOOK_ALLOW_HTTP_LOOPBACK) {
      return 'skipped: the local inbox needs WEBHOOK_ALLOW_HTTP_LOOPBACK=true';
    }
    const url = `${this.config.PUBLIC_API_URL.replace(/\/+$/, '')}${INBOX_RECEIVE_PATH}${DEMO_INBOX}`;
    const existing = (await this.endpoints.list()).find(
      (endpoint) => new URL(endpoint.url).pathname === new URL(url).pathname,
    );
    if (existing) return `kept ${existing.url}`;
    await this.service.create(
      {
        url,
        description: 'Demo: the local webhook inbox',
        events: [...WEBHOOK_EVENT_TYPES],
      },
      'system',
    );
    return `every event to ${url}`;
  }
}
