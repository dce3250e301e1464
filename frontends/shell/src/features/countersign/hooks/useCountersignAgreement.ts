import { countersignApi, isApiError, useApiClient } from '@prosign/api-client';
import type { CountersignView, FinishSigningResponse, SignerMetrics } from '@prosign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { countersignKeys } from './useCountersignQueue';

/** The server's reason for a refusal (4xx); none for its own failures. */
export function refusalOf(error: unknown): string | undefined {
  return isApiError(error) && error.isClientError ? error.message : undefined;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 404;
}

/**
 * One agreement the signed-in staff member countersigns: opened once when the page
 * mounts (`POST …/open`, the first open is their recorded view), then their
 * signature saved or cleared, and Agree and Finish.
 */
export function useCountersignAgreement(agreementId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const key = countersignKeys.agreement(agreementId);

  // A query, so a mount opens it once (concurrent renders share the call) and a refusal is kept.
  const view = useQuery({
    queryKey: key,
    queryFn: () => countersignApi.open(client, agreementId),
    staleTime: Infinity,
  });

  const withMetrics = (metrics: SignerMetrics) => {
    queryClient.setQueryData<CountersignView>(key, (current) =>
      current ? { ...current, metrics } : current,
    );
    // The queue says whether a signature is saved.
    void queryClient.invalidateQueries({ queryKey: countersignKeys.queue });
  };

  const save = useMutation({
    mutationFn: (textSignature: string) =>
      countersignApi.saveSignature(client, agreementId, textSignature),
    onSuccess: (result) => withMetrics(result.metrics),
  });

  const clear = useMutation({
    mutationFn: () => countersignApi.clearSignature(client, agreementId),
    onSuccess: (result) => withMetrics(result.metrics),
  });

  const finish = useMutation<FinishSigningResponse, unknown, void>({
    mutationFn: () => countersignApi.finish(client, agreementId, { agreedToTerms: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: countersignKeys.queue }),
  });

  return { view, save, clear, finish };
}
