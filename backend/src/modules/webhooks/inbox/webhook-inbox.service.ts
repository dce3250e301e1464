import { Injectable } from '@nestjs/common';
import type { WebhookInboxEntry } from '@prosign/domain';
import { Types } from 'mongoose';
import { AppConfig } from '../../../platform/config/app-config';
import { signingSecretsOf } from '../outbound/webhook-dispatcher';
import { WebhookEndpointRepository } from '../outbound/webhook-endpoint.repository';
import { WebhookSecretBox } from '../outbound/webhook-secret-box';
import { verifyWebhook } from '../outbound/standard-webhook-signature';
import { INBOX_RECEIVE_PATH } from './webhook-inbox-path';
import { WebhookInboxRepository } from './webhook-inbox.repository';

/** The inbox shows the latest requests, as a receiver's log would. */
const LISTED = 200;
/** Headers kept: the ones a receiver reads to verify and route; not the connection's. */
const KEPT_HEADERS = /^(webhook-|content-type$|user-agent$)/;

/**
 * The local webhook inbox: a receiver inside the stack (as the mail catcher is for mail), so a
 * demo signing shows what a customer's system would get, and whether its signature verifies
 * against the secrets of the endpoints pointing at it.
 */
@Injectable()
export class WebhookInboxService {
  private readonly box: WebhookSecretBox;

  constructor(
    private readonly entries: WebhookInboxRepository,
    private readonly endpoints: WebhookEndpointRepository,
    config: AppConfig,
  ) {
    this.box = new WebhookSecretBox(config.WEBHOOK_SECRETS_KEY);
  }

  async receive(
    inbox: string,
    headers: Record<string, string | string[] | undefined>,
    body: string,
    now = new Date(),
  ): Promise<{ received: true; signatureValid: boolean | null }> {
    const kept = Object.fromEntries(
      Object.entries(headers)
        .filter(([name, value]) => KEPT_HEADERS.test(name) && value !== undefined)
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
    );
    const signatureValid = await this.verify(inbox, kept, body, now);
    await this.entries.insert({
      _id: new Types.ObjectId().toHexString(),
      receivedAt: now,
      inbox,
      headers: kept,
      body,
      signatureValid,
    });
    return { received: true, signatureValid };
  }

  async list(): Promise<WebhookInboxEntry[]> {
    return (await this.entries.newest(LISTED)).map((doc) => ({
      id: doc._id,
      receivedAt: doc.receivedAt.toISOString(),
      inbox: doc.inbox,
      headers: doc.headers,
      body: doc.body,
      signatureValid: doc.signatureValid,
    }));
  }

  /** Null when no endpoint points at this inbox (nothing to verify against). */
  private async verify(
    inbox: string,
    headers: Record<string, string>,
    body: string,
    now: Date,
  ): Promise<boolean | null> {
    const suffix = `${INBOX_RECEIVE_PATH}${encodeURIComponent(inbox)}`;
    const pointing = (await this.endpoints.list()).filter(
      (endpoint) => new URL(endpoint.url).pathname === suffix,
    );
    if (pointing.length === 0) return null;
    const secrets = pointing.flatMap((endpoint) => signingSecretsOf(endpoint, this.box, now));
    return verifyWebhook(headers, body, secrets, now);
  }
}
