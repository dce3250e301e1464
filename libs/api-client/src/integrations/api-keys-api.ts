import type { ApiKeyCreated, ApiKeyScope, ApiKeyView } from '@prosign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';

/** What an admin asks for when creating a key (`POST /api/api-keys`). */
export interface CreateApiKeyRequest {
  name: string;
  scopes: ApiKeyScope[];
  /** Who answers for the key; the admin creating it when absent. */
  ownerEmail?: string;
  /** ISO 8601; a key without one never expires. */
  expiresAt?: string;
}

const keyPath = (id: string, action: 'revoke' | 'rotate') =>
  `/api/api-keys/${encodeURIComponent(id)}/${action}`;

/**
 * The admins' API key calls (admin session): the keys other systems call the public api
 * with. The full key is in the answer to create and rotate only, never in the list.
 */
export const apiKeysApi = {
  /** `GET /api/api-keys`: every key, masked. */
  list: (client: ApiClient, signal?: AbortSignal) =>
    client.get<ApiKeyView[]>('/api/api-keys', { signal }),
  /** `POST /api/api-keys`: the new key, shown once; 400 with the problems. */
  create: (client: ApiClient, request: CreateApiKeyRequest) =>
    client.post<ApiKeyCreated>('/api/api-keys', request),
  /** `POST /api/api-keys/{id}/revoke`: the key, revoked at once. */
  revoke: (client: ApiClient, id: string) => client.post<ApiKeyView>(keyPath(id, 'revoke')),
  /**
   * `POST /api/api-keys/{id}/rotate`: a successor, shown once; the old key keeps working
   * for `overlapHours` (24 unless given); 409 when the key is not active.
   */
  rotate: (client: ApiClient, id: string, overlapHours?: number) =>
    client.post<ApiKeyCreated>(keyPath(id, 'rotate'), { overlapHours }),
};

const apiKeysKeys = {
  all: ['api-keys'] as const,
};

/** Every API key, masked. */
export function useApiKeys() {
  const client = useApiClient();
  return useQuery({
    queryKey: apiKeysKeys.all,
    queryFn: ({ signal }) => apiKeysApi.list(client, signal),
  });
}

/** Creating, revoking and rotating a key; the list is read again after each, whatever the answer. */
export function useApiKeyMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all });
  const create = useMutation({
    mutationFn: (request: CreateApiKeyRequest) => apiKeysApi.create(client, request),
    onSettled,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiKeysApi.revoke(client, id),
    onSettled,
  });
  const rotate = useMutation({
    mutationFn: ({ id, overlapHours }: { id: string; overlapHours?: number }) =>
      apiKeysApi.rotate(client, id, overlapHours),
    onSettled,
  });
  return { create, revoke, rotate };
}
