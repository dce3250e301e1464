import { Controller } from '@nestjs/common';
import type { EventFeedPage, PublicApiInput as Input } from '@prosign/domain';
import { PublicEventFeedService } from './public-event-feed.service';
import { PublicApiInput, PublicApiRoute } from './public-api-route.decorator';

/** `/api/v1/events`: every agreement's webhook events, to poll. */
@Controller()
export class EventsV1Controller {
  constructor(private readonly feed: PublicEventFeedService) {}

  @PublicApiRoute('listEvents')
  list(@PublicApiInput() input: Input<'listEvents'>): Promise<EventFeedPage> {
    return this.feed.list(input);
  }
}
