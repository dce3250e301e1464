import type {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryPage,
  WebhookDeliveryState,
  WebhookDeliveryView,
  WebhookEndpointCreated,
  WebhookEndpointView,
  WebhookInboxEntry,
} from '@prosign/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';

// The admins' page sends the shapes the public api's schemas declare (libs/domain).
export type { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest };

const endpointPath = (id: string) => `/api/webhook-endpoints/${encodeURIComponent(id)}`;

/**
 * The admins' webhook calls (admin session): the endpoints told of events, their delivery
 * logs, and the local inbox that shows what a receiver got. The secret (`whsec_…`) is in the
 * answer to create and rotate only.
 */
export const webhooksApi = {
  /** `GET /api/webhook-endpoints`. */
  list: (client: ApiClient, signal?: AbortSignal) =>
    client.get<WebhookEndpointView[]>('/api/webhook-endpoints', { signal }),
  /** `POST /api/webhook-endpoints`: the endpoint and its secret, shown once; 400 with the problems. */
  create: (client: ApiClient, request: CreateWebhookEndpointRequest) =>
    client.post<WebhookEndpointCreated>('/api/webhook-endpoints', request),
  /** `PATCH /api/webhook-endpoints/{id}`. */
  update: (client: ApiClient, id: string, change: UpdateWebhookEndpointRequest) =>
    client.patch<WebhookEndpointView>(endpointPath(id), change),
  /** `DELETE /api/webhook-endpoints/{id}`: 204. */
  remove: (client: ApiClient, id: string) => client.delete<void>(endpointPath(id)),
  /** `POST /api/webhook-endpoints/{id}/rotate-secret`: the new secret; the old one is accepted 24 h more. */
  rotateSecret: (client: ApiClient, id: string) =>
    client.post<WebhookEndpointCreated>(`${endpointPath(id)}/rotate-secret`),
  /** `GET /api/webhook-endpoints/{id}/deliveries?cursor=&state=`: newest first, a page at a time. */
  deliveries: (
    client: ApiClient,
    id: string,
    query: { cursor?: string; state?: WebhookDeliveryState },
    signal?: AbortSignal,
  ) =>
    client.get<WebhookDeliveryPage>(`${endpointPath(id)}/deliveries`, {
      signal,
      query: { cursor: query.cursor, state: query.state },
    }),
  /** `POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/resend`: the delivery, queued again. */
  resend: (client: ApiClient, id: string, deliveryId: string) =>
    client.post<WebhookDeliveryView>(
      `${endpointPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    ),
  /** `POST /api/webhook-endpoints/{id}/test-event`: a `webhook.test` delivery, queued (202). */
  sendTestEvent: (client: ApiClient, id: string) =>
    client.post<WebhookDeliveryView>(`${endpointPath(id)}/test-event`),
  /** `GET /api/webhook-inbox`: what the local inbox received (`npm start` only; 404 elsewhere). */
  inbox: (client: ApiClient, signal?: AbortSignal) =>
    client.get<WebhookInboxEntry[]>('/api/webhook-inbox', { signal }),
};

const webhooksKeys = {
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveriesOf: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
  deliveries: (endpointId: string, state: WebhookDeliveryState | undefined) =>
    ['webhooks', 'deliveries', endpointId, state ?? 'all'] as const,
  inbox: ['webhooks', 'inbox'] as const,
};

/** An open delivery log is read again this often: retries land while the admin watches. */
const DELIVERY_LOG_REFRESH_MS = 15_000;

/** Every endpoint. */
export function useWebhookEndpoints() {
  const client = useApiClient();
  return useQuery({
    queryKey: webhooksKeys.endpoints,
    queryFn: ({ signal }) => webhooksApi.list(client, signal),
  });
}

/** Creating, changing, deleting an endpoint and rotating its secret; the list is read again after each. */
export function useWebhookEndpointMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints });
  const create = useMutation({
    mutationFn: (request: CreateWebhookEndpointRequest) => webhooksApi.create(client, request),
    onSettled,
  });
  const update = useMutation({
    mutationFn: ({ id, ...change }: UpdateWebhookEndpointRequest & { id: string }) =>
      webhooksApi.update(client, id, change),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: string) => webhooksApi.remove(client, id),
    onSettled,
  });
  const rotateSecret = useMutation({
    mutationFn: (id: string) => webhooksApi.rotateSecret(client, id),
    onSettled,
  });
  return { create, update, remove, rotateSecret };
}

/**
 * An endpoint's delivery log, newest first, filtered by state; `fetchNextPage` follows the
 * cursor. Each fresh read of it reads the endpoints again.
 */
export function useWebhookDeliveries(endpointId: string, state?: WebhookDeliveryState) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const log = useInfiniteQuery({
    queryKey: webhooksKeys.deliveries(endpointId, state),
    queryFn: ({ signal, pageParam }) =>
      webhooksApi.deliveries(client, endpointId, { cursor: pageParam, state }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: DELIVERY_LOG_REFRESH_MS,
  });
  // A delivery that landed changes its endpoint too (last delivery, failing since): the
  // endpoints are read again with each fresh read of the log.
  useEffect(() => {
    if (log.dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints });
  }, [log.dataUpdatedAt, queryClient]);
  return log;
}

/** Sends a delivery again; the endpoint's log (every filter) and the endpoint list are read again. */
export function useResendWebhookDelivery(endpointId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => webhooksApi.resend(client, endpointId, deliveryId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveriesOf(endpointId) }),
        queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints }),
      ]),
  });
}

/** Sends the endpoint a test event; its log (every filter) is read again. */
export function useSendWebhookTestEvent(endpointId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => webhooksApi.sendTestEvent(client, endpointId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveriesOf(endpointId) }),
  });
}

/** The local webhook inbox, read again every `pollMs` (new deliveries show within that time). */
export function useWebhookInbox(pollMs: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: webhooksKeys.inbox,
    queryFn: ({ signal }) => webhooksApi.inbox(client, signal),
    refetchInterval: pollMs,
  });
}
