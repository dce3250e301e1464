import type { AgreementCardCore, AgreementFamily } from '@prosign/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../config/RuntimeConfigProvider';
import type { AgreementListQuery, ServerAction } from './agreement-endpoints';
import {
  agreementEndpoints,
  requireAgreementEndpoints,
  type FamilyCard,
  type FamilyResults,
  type ListedFamily,
} from './agreement-families';

/** Query keys: everything of a family sits under `['agreements', family]`. */
export const agreementKeys = {
  family: (family: AgreementFamily) => ['agreements', family] as const,
  lists: (family: AgreementFamily) => ['agreements', family, 'list'] as const,
  list: (family: AgreementFamily, query: AgreementListQuery) =>
    ['agreements', family, 'list', query] as const,
  one: (family: AgreementFamily, id: string) => ['agreements', family, 'one', id] as const,
};

/** One page of a family's cards; the previous page stays on screen while the next loads. */
export function useAgreementList<F extends ListedFamily>(family: F, query: AgreementListQuery) {
  const client = useApiClient();
  return useQuery({
    queryKey: agreementKeys.list(family, query),
    queryFn: ({ signal }) => requireAgreementEndpoints(family).list(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One agreement as listed, refreshed from the server while it is shown (a
 * modal): the listed card until the fresh one arrives.
 */
export function useAgreement<TCard extends AgreementCardCore>(
  family: AgreementFamily,
  listed: TCard,
): TCard {
  const client = useApiClient();
  const endpoints = agreementEndpoints(family);
  const fresh = useQuery({
    queryKey: agreementKeys.one(family, listed._id),
    queryFn: ({ signal }) => endpoints!.one(client, listed, signal) as Promise<TCard>,
    enabled: endpoints !== null,
  });
  return fresh.data ?? listed;
}

/** Every list and card of a family is refetched (after an action or a live change). */
export function invalidateAgreements(queryClient: QueryClient, family: AgreementFamily) {
  return queryClient.invalidateQueries({ queryKey: agreementKeys.family(family) });
}

/** Actions after which nothing changes until a later step (the edited contract is sent). */
const NO_REFRESH: readonly ServerAction[] = ['editAndResend'];

/**
 * The family's lifecycle actions: `run(action, card)` calls the family's
 * endpoint and refreshes its lists and cards when it settles.
 */
export function useAgreementAction<F extends ListedFamily>(family: F) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ action, card }: { action: ServerAction; card: FamilyCard<F> }) => {
      return requireAgreementEndpoints(family).actions[action](client, card) as Promise<unknown>;
    },
    onSettled: (_data, _error, { action }) =>
      NO_REFRESH.includes(action) ? undefined : invalidateAgreements(queryClient, family),
  });
  const { mutateAsync } = mutation;
  const run = useCallback(
    <A extends ServerAction>(action: A, card: FamilyCard<F>) =>
      mutateAsync({ action, card }) as Promise<FamilyResults<F>[A]>,
    [mutateAsync],
  );
  return { run, isPending: mutation.isPending };
}

/**
 * The card's Retry of a mail that finally failed (`POST /api/agreements/:id/mail/retry`):
 * queued again, recorded in the history; the family's cards refresh when it settles.
 */
export function useRetryMail(family: AgreementFamily) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agreementId: string) =>
      client.post<unknown>(`/api/agreements/${encodeURIComponent(agreementId)}/mail/retry`),
    onSettled: () => invalidateAgreements(queryClient, family),
  });
}
