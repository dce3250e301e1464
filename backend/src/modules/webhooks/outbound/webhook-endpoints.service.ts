import { InjectQueue } from '@nestjs/bullmq';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  WEBHOOK_OLD_SECRETS_KEPT,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookDeliveryPage,
  type WebhookDeliveryState,
  type WebhookDeliveryView,
  type WebhookEndpointCreated,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@prosign/domain';
import type { Queue } from 'bullmq';
import { Types } from 'mongoose';
import { AppConfig } from '../../../platform/config/app-config';
import { QueueName } from '../../../platform/queues/queue-names';
import { checkEndpoint } from './safe-endpoint';
import { generateWebhookSecret } from './standard-webhook-signature';
import { queueNextTry } from './webhook-delivery-jobs';
import { newDeliveryOf, WebhookDeliveryRepository } from './webhook-delivery.repository';
import {
  WebhookEndpointRepository,
  type StoredWebhookSecret,
  type WebhookEndpointDoc,
} from './webhook-endpoint.repository';
import { deliveryViewOf, endpointViewOf } from './webhook-endpoint-views';
import { webhookTestPayloadOf } from './webhook-payload';
import { WebhookSecretBox } from './webhook-secret-box';

/** How long a rotated-out secret keeps signing alongside the new one. */
const ROTATION_OVERLAP_MS = WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000;
const DELIVERY_PAGE_SIZE = 50;

export interface NewWebhookEndpoint {
  url: string;
  description?: string;
  events: WebhookEventType[];
}

export type WebhookEndpointChange = Partial<NewWebhookEndpoint> & { enabled?: boolean };

/** A page position: the last delivery's creation time and id, opaque to the client. */
function cursorOf(doc: { createdAt: Date; _id: string }): string {
  return Buffer.from(`${doc.createdAt.toISOString()}|${doc._id}`).toString('base64url');
}

function positionOf(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) {
    // `errors` names the field for the public api's problem; staff see the message.
    throw new BadRequestException({
      message: 'Invalid cursor.',
      errors: [{ path: 'cursor', message: 'is not a cursor of this list' }],
    });
  }
  return { createdAt, id };
}

/**
 * The admins' webhook endpoints: registered with the events they want and a secret shown
 * once, changed, disabled or enabled, rotated with an overlap, removed; their delivery logs,
 * a delivery sent again, and a test event.
 */
@Injectable()
export class WebhookEndpointsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookEndpointsService.name);
  private readonly box: WebhookSecretBox;

  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    @InjectQueue(QueueName.Webhooks) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {
    this.box = new WebhookSecretBox(config.WEBHOOK_SECRETS_KEY);
  }

  onApplicationBootstrap(): void {
    if (this.config.NODE_ENV === 'production' && !this.config.WEBHOOK_SECRETS_KEY) {
      this.logger.warn(
        'WEBHOOK_SECRETS_KEY is not set: webhook secrets are stored under the built-in key, which anyone with the code can open',
      );
    }
  }

  async list(now = new Date()): Promise<WebhookEndpointView[]> {
    return (await this.endpoints.list()).map((doc) => endpointViewOf(doc, now));
  }

  async get(id: string, now = new Date()): Promise<WebhookEndpointView> {
    return endpointViewOf(await this.existing(id), now);
  }

  async create(
    request: NewWebhookEndpoint,
    createdBy: string,
    now = new Date(),
  ): Promise<WebhookEndpointCreated> {
    const url = await this.checkedUrl(request.url);
    const secret = generateWebhookSecret();
    const doc: WebhookEndpointDoc = {
      _id: new Types.ObjectId().toHexString(),
      url,
      description: (request.description ?? '').trim(),
      events: distinctEvents(request.events),
      state: 'enabled',
      secrets: [{ sealed: this.box.seal(secret), until: null }],
      createdBy,
      createdAt: now,
      updatedAt: now,
      secretRotatedAt: null,
      failingSince: null,
      disabledAt: null,
      lastDeliveryAt: null,
    };
    await this.endpoints.insert(doc);
    return { endpoint: endpointViewOf(doc, now), secret };
  }

  async update(
    id: string,
    change: WebhookEndpointChange,
    now = new Date(),
  ): Promise<WebhookEndpointView> {
    const current = await this.existing(id);
    const set: Parameters<WebhookEndpointRepository['change']>[1] = {};
    if (change.url !== undefined) set.url = await this.checkedUrl(change.url);
    if (change.description !== undefined) set.description = change.description.trim();
    if (change.events !== undefined) set.events = distinctEvents(change.events);
    if (change.enabled === true && current.state !== 'enabled') {
      // Enabled again: its failing streak starts over.
      Object.assign(set, { state: 'enabled', failingSince: null, disabledAt: null });
    } else if (change.enabled === false && current.state === 'enabled') {
      Object.assign(set, { state: 'disabled_by_admin', disabledAt: now });
    }
    const changed = await this.endpoints.change(id, set, now);
    if (!changed) throw new NotFoundException('No webhook endpoint with this id.');
    return endpointViewOf(changed, now);
  }

  /** Removes the endpoint and its delivery log; tries still queued find it gone and stop. */
  async remove(id: string): Promise<void> {
    if (!(await this.endpoints.remove(id))) {
      throw new NotFoundException('No webhook endpoint with this id.');
    }
    await this.deliveries.removeOfEndpoint(id);
  }

  /**
   * A new secret; the current one keeps signing alongside it for 24 hours (one more signature
   * in `webhook-signature`), so the receiver can switch without refusing a delivery. Secrets
   * rotated out before and still in their own 24 hours keep signing too, up to
   * WEBHOOK_OLD_SECRETS_KEPT of them (the oldest goes first).
   */
  async rotateSecret(id: string, now = new Date()): Promise<WebhookEndpointCreated> {
    const current = await this.existing(id);
    const secret = generateWebhookSecret();
    const rotated = await this.endpoints.rotateSecrets(
      id,
      current.secretRotatedAt,
      [
        { sealed: this.box.seal(secret), until: null },
        ...secretsKeptAfterRotation(current.secrets, now, ROTATION_OVERLAP_MS),
      ],
      now,
    );
    if (!rotated) throw new ConflictException('This secret was rotated meanwhile.');
    return { endpoint: endpointViewOf(rotated, now), secret };
  }

  async deliveriesOf(
    id: string,
    query: { cursor?: string; state?: WebhookDeliveryState; limit?: number },
  ): Promise<WebhookDeliveryPage> {
    await this.existing(id);
    const limit = query.limit ?? DELIVERY_PAGE_SIZE;
    const docs = await this.deliveries.page(id, {
      state: query.state,
      before: query.cursor ? positionOf(query.cursor) : undefined,
      limit: limit + 1,
    });
    const items = docs.slice(0, limit);
    return {
      items: items.map(deliveryViewOf),
      nextCursor: docs.length > limit ? cursorOf(items[items.length - 1]) : null,
    };
  }

  /**
   * Sends a delivery again now, under the same `webhook-id` (a receiver that kept it drops it):
   * it starts over as pending, with a new retry window.
   */
  async resend(id: string, deliveryId: string, now = new Date()): Promise<WebhookDeliveryView> {
    const endpoint = await this.existing(id);
    if (endpoint.state !== 'enabled') {
      throw new ConflictException('Enable the endpoint before sending to it again.');
    }
    const restarted = await this.deliveries.restart(deliveryId, id, now);
    if (!restarted) {
      const found = await this.deliveries.findById(deliveryId);
      if (!found || found.endpointId !== id) throw new NotFoundException('No such delivery.');
      throw new ConflictException('This delivery is being tried right now.');
    }
    await queueNextTry(this.queue, restarted);
    return deliveryViewOf(restarted);
  }

  /**
   * Queues a `webhook.test` ping to one endpoint: signed, checked and tried by the same
   * dispatcher as any delivery, and listed in its delivery log (Resend works on it too).
   */
  async sendTestEvent(id: string, now = new Date()): Promise<WebhookDeliveryView> {
    const endpoint = await this.existing(id);
    if (endpoint.state !== 'enabled') {
      throw new ConflictException('Enable the endpoint before sending a test event to it.');
    }
    const payload = webhookTestPayloadOf(endpoint._id, now);
    const delivery = newDeliveryOf(
      { id: payload.id, type: payload.type, body: JSON.stringify(payload) },
      endpoint._id,
      now,
    );
    await this.deliveries.insertIfAbsent(delivery);
    await queueNextTry(this.queue, delivery);
    return deliveryViewOf(delivery);
  }

  private async existing(id: string): Promise<WebhookEndpointDoc> {
    const doc = /^[a-f0-9]{24}$/.test(id) ? await this.endpoints.findById(id) : null;
    if (!doc) throw new NotFoundException('No webhook endpoint with this id.');
    return doc;
  }

  /** The URL if deliveries may go there (the same check runs again before every try). */
  private async checkedUrl(raw: string): Promise<string> {
    const check = await checkEndpoint(raw.trim(), {
      allowLoopback: this.config.WEBHOOK_ALLOW_HTTP_LOOPBACK,
    });
    if (!check.allowed) {
      throw new BadRequestException({
        message: [check.reason],
        errors: [{ path: 'url', message: check.reason }],
      });
    }
    return check.url.toString();
  }
}

/**
 * The rotated-out secrets an endpoint keeps when its current secret is rotated out at `now`:
 * the outgoing one for `overlapMs`, then those still valid, each until its own end, newest
 * first and at most WEBHOOK_OLD_SECRETS_KEPT.
 */
export function secretsKeptAfterRotation(
  secrets: readonly StoredWebhookSecret[],
  now: Date,
  overlapMs: number,
): StoredWebhookSecret[] {
  const outgoing = secrets.filter((secret) => secret.until === null);
  const stillValid = secrets
    .filter((secret) => secret.until !== null && secret.until.getTime() > now.getTime())
    .sort((a, b) => b.until!.getTime() - a.until!.getTime());
  return [
    ...outgoing.map((secret) => ({
      sealed: secret.sealed,
      until: new Date(now.getTime() + overlapMs),
    })),
    ...stillValid,
  ].slice(0, WEBHOOK_OLD_SECRETS_KEPT);
}

function distinctEvents(events: WebhookEventType[]): WebhookEventType[] {
  return [...new Set(events)];
}
