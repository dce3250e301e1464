import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import type {
  WebhookDeliveryPage,
  WebhookDeliveryView,
  WebhookEndpointCreated,
  WebhookEndpointView,
} from '@prosign/domain';
import { AdminOnly, CurrentStaff } from '../../../platform/auth/auth.decorators';
import type { StaffPrincipal } from '../../../platform/auth/staff-principal';
import {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDeliveriesQuery,
  WebhookDeliveryParams,
  WebhookEndpointIdParam,
} from './dto/webhook-endpoint.dto';
import { WebhookEndpointsService } from './webhook-endpoints.service';

/** Admins register the endpoints told of events, read their delivery logs, send again and test. */
@AdminOnly()
@Controller('webhook-endpoints')
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Get()
  list(): Promise<WebhookEndpointView[]> {
    return this.endpoints.list();
  }

  @Post()
  create(
    @Body() body: CreateWebhookEndpointBody,
    @CurrentStaff() actor: StaffPrincipal,
  ): Promise<WebhookEndpointCreated> {
    return this.endpoints.create(body, actor.email);
  }

  @Patch(':id')
  update(
    @Param() { id }: WebhookEndpointIdParam,
    @Body() body: UpdateWebhookEndpointBody,
  ): Promise<WebhookEndpointView> {
    return this.endpoints.update(id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(@Param() { id }: WebhookEndpointIdParam): Promise<void> {
    return this.endpoints.remove(id);
  }

  @Post(':id/rotate-secret')
  rotateSecret(@Param() { id }: WebhookEndpointIdParam): Promise<WebhookEndpointCreated> {
    return this.endpoints.rotateSecret(id);
  }

  /** Queues a `webhook.test` ping to the endpoint; it shows in the delivery log. */
  @Post(':id/test-event')
  @HttpCode(HttpStatus.ACCEPTED)
  sendTestEvent(@Param() { id }: WebhookEndpointIdParam): Promise<WebhookDeliveryView> {
    return this.endpoints.sendTestEvent(id);
  }

  @Get(':id/deliveries')
  deliveries(
    @Param() { id }: WebhookEndpointIdParam,
    @Query() query: WebhookDeliveriesQuery,
  ): Promise<WebhookDeliveryPage> {
    return this.endpoints.deliveriesOf(id, query);
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(HttpStatus.OK)
  resend(@Param() { id, deliveryId }: WebhookDeliveryParams): Promise<WebhookDeliveryView> {
    return this.endpoints.resend(id, deliveryId);
  }
}
