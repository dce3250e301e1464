import type {
  SealLevelOverrideRequest,
  SealLevelOverrideResponse,
  StuckOperationsResponse,
} from '@prosign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';

/**
 * The admins' view of stopped sends and finishes (admin session), and the one way
 * out for a finish waiting at the seal: sealing that agreement at a lower level, with a reason.
 */
export const stuckOperationsApi = {
  /** `GET /api/admin/stuck-operations`. */
  list: (client: ApiClient, signal?: AbortSignal) =>
    client.get<StuckOperationsResponse>('/api/admin/stuck-operations', { signal }),
  /** `POST /api/admin/agreements/{id}/seal-level`: 400 (level, reason) or 409 (not waiting). */
  lowerSealLevel: (client: ApiClient, agreementId: string, request: SealLevelOverrideRequest) =>
    client.post<SealLevelOverrideResponse>(
      `/api/admin/agreements/${encodeURIComponent(agreementId)}/seal-level`,
      request,
    ),
};

const stuckOperationsKeys = {
  all: ['stuck-operations'] as const,
};

/** Every send and finish stopped at a step. */
export function useStuckOperations() {
  const client = useApiClient();
  return useQuery({
    queryKey: stuckOperationsKeys.all,
    queryFn: ({ signal }) => stuckOperationsApi.list(client, signal),
  });
}

/** Seals one waiting agreement at a lower level; the stuck list is read again after. */
export function useLowerSealLevel() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agreementId, ...request }: SealLevelOverrideRequest & { agreementId: string }) =>
      stuckOperationsApi.lowerSealLevel(client, agreementId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stuckOperationsKeys.all }),
  });
}
