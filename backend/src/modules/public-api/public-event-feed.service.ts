import { BadRequestException, Injectable } from '@nestjs/common';
import {
  commaValues,
  type EventFeedPage,
  type PublicApiInput,
  type PublicWebhookEvent,
  type WebhookEventType,
} from '@prosign/domain';
import { WebhookEventRepository, type WebhookEventPosition } from '../webhooks';

/**
 * How long an event waits before the feed lists it. Events are listed in the order they were
 * stored, but two servers storing at once may make one visible after a later one: a poll
 * that passed the later one would skip it for good. Waiting this long (well over a store's
 * time and the servers' clock drift) means a listed event has no earlier one still to come.
 */
export const EVENT_FEED_SETTLE_MS = 2_000;

/**
 * `GET /api/v1/events`: the webhook events of every agreement, as recorded by the relay
 * (`webhook_events`), in storing order after the event a client last saw: the same JSON a
 * delivery carries, so a client may poll instead of receiving webhooks, or catch up on them.
 */
@Injectable()
export class PublicEventFeedService {
  constructor(private readonly events: WebhookEventRepository) {}

  async list({ query }: PublicApiInput<'listEvents'>, now = new Date()): Promise<EventFeedPage> {
    const after = query.after ? await this.positionOf(query.after) : null;
    const rows = await this.events.feed(
      {
        types: commaValues(query.type) as WebhookEventType[],
        agreementId: query.agreementId,
      },
      after,
      new Date(now.getTime() - EVENT_FEED_SETTLE_MS),
      // One more than asked: whether more follow, without counting.
      query.limit + 1,
    );
    return {
      data: rows.slice(0, query.limit).map((row) => JSON.parse(row.body) as PublicWebhookEvent),
      hasMore: rows.length > query.limit,
    };
  }

  /** Where the event named by `after` was stored; 400 for an id the feed never had. */
  private async positionOf(eventId: string): Promise<WebhookEventPosition> {
    const event = await this.events.findById(eventId);
    if (!event) {
      throw new BadRequestException({
        message: 'The request is not valid.',
        errors: [{ path: 'after', message: 'is not the id of an event of this feed' }],
      });
    }
    return { createdAt: event.createdAt, id: event._id };
  }
}
