import { countersignApi, isApiError, useApiClient, useSealedCopy } from '@prosign/api-client';
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
 * signature saved or cleared, and Agree and Finish, and the sealed copy that follows.
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
    onSuccess: (finished) => {
      // Signed here; the agreement only with the last signature (`progress`: others still sign).
      queryClient.setQueryData<CountersignView>(key, (current) =>
        current
          ? {
              ...current,
              linkState: 'signed',
              turn: 'signed',
              ...(finished.progress ? {} : { status: finished.status }),
              progress: finished.progress ?? null,
              signedDocLink: finished.signedDocLink,
              verifyId: finished.verifyId,
              metrics: { ...current.metrics, isSigned: true },
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: countersignKeys.queue });
    },
  });

  // The worker seals the agreement after the finish answered: read again (the GET counts
  // nothing) apart from the view above, which keeps what this page recorded.
  const sealedCopy = useSealedCopy(view.data, {
    queryKey: [...key, 'sealed-copy'],
    queryFn: ({ signal }) => countersignApi.view(client, agreementId, signal),
  });

  return { view, save, clear, finish, sealedCopy };
}
