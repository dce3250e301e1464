import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryState,
  type WebhookEventType,
} from '@prosign/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

const OBJECT_ID = /^[a-f0-9]{24}$/;

export class WebhookEndpointIdParam {
  @IsString()
  @Matches(OBJECT_ID, { message: 'id must be a webhook endpoint id' })
  id: string;
}

export class WebhookDeliveryParams extends WebhookEndpointIdParam {
  @IsString()
  @MaxLength(200)
  deliveryId: string;
}

export class CreateWebhookEndpointBody {
  /** Checked further by the service: https (or loopback when allowed), and where it resolves to. */
  @IsString()
  @MaxLength(2000)
  url: string;

  @IsOptional()
  @IsString()
  @MaxLength(300)
  description?: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'choose at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length * 2)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events: WebhookEventType[];
}

export class UpdateWebhookEndpointBody {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  url?: string;

  @IsOptional()
  @IsString()
  @MaxLength(300)
  description?: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'choose at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length * 2)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events?: WebhookEventType[];

  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class WebhookDeliveriesQuery {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @IsOptional()
  @IsIn(WEBHOOK_DELIVERY_STATES)
  state?: WebhookDeliveryState;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}
