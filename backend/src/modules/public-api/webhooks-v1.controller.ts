import { Controller } from '@nestjs/common';
import {
  apiKeyAuthor,
  type PublicApiInput as Input,
  type PublicWebhookDelivery,
  type PublicWebhookEndpoint,
  type PublicWebhookEndpointWithSecret,
  type WebhookDeliveryPageAnswer,
  type WebhookEndpointList,
} from '@prosign/domain';
import {
  CurrentApiKey,
  type ApiKeyPrincipal,
} from '../../platform/public-api/public-api.decorators';
import { WebhookEndpointsService } from '../webhooks';
import { PublicApiInput, PublicApiRoute } from './public-api-route.decorator';

/**
 * `/api/v1/webhook-endpoints`: a key with `webhooks:write` manages the firm's endpoints as an
 * admin does on the page, through the same service (URL checks, secrets shown once and kept
 * sealed, rotation with an overlap, delivery logs, resends); what it creates names the key.
 */
@Controller()
export class WebhooksV1Controller {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @PublicApiRoute('listWebhookEndpoints')
  async list(): Promise<WebhookEndpointList> {
    return { data: await this.endpoints.list() };
  }

  @PublicApiRoute('createWebhookEndpoint')
  create(
    @PublicApiInput() { body }: Input<'createWebhookEndpoint'>,
    @CurrentApiKey() key: ApiKeyPrincipal,
  ): Promise<PublicWebhookEndpointWithSecret> {
    return this.endpoints.create(body, apiKeyAuthor(key.prefix));
  }

  @PublicApiRoute('getWebhookEndpoint')
  get(@PublicApiInput() { params }: Input<'getWebhookEndpoint'>): Promise<PublicWebhookEndpoint> {
    return this.endpoints.get(params.id);
  }

  @PublicApiRoute('updateWebhookEndpoint')
  update(
    @PublicApiInput() { params, body }: Input<'updateWebhookEndpoint'>,
  ): Promise<PublicWebhookEndpoint> {
    return this.endpoints.update(params.id, body);
  }

  @PublicApiRoute('deleteWebhookEndpoint')
  remove(@PublicApiInput() { params }: Input<'deleteWebhookEndpoint'>): Promise<void> {
    return this.endpoints.remove(params.id);
  }

  @PublicApiRoute('rotateWebhookSecret')
  rotateSecret(
    @PublicApiInput() { params }: Input<'rotateWebhookSecret'>,
  ): Promise<PublicWebhookEndpointWithSecret> {
    return this.endpoints.rotateSecret(params.id);
  }

  @PublicApiRoute('listWebhookDeliveries')
  async deliveries(
    @PublicApiInput() { params, query }: Input<'listWebhookDeliveries'>,
  ): Promise<WebhookDeliveryPageAnswer> {
    const page = await this.endpoints.deliveriesOf(params.id, query);
    return { data: page.items, nextCursor: page.nextCursor };
  }

  @PublicApiRoute('resendWebhookDelivery')
  resend(
    @PublicApiInput() { params }: Input<'resendWebhookDelivery'>,
  ): Promise<PublicWebhookDelivery> {
    return this.endpoints.resend(params.id, params.deliveryId);
  }
}
