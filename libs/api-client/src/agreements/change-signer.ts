import {
  dashboardRoutesOf,
  dashboardPath,
  type AgreementCardCore,
  type AgreementFamily,
  type ChangeSignerRequest,
  type HandoverResponse,
} from '@prosign/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';
import { invalidateAgreements } from './agreement-hooks';

/**
 * Staff's Change signer on a card: `POST /api/update/change-signer
 * {token, recipientId, name, email, note}` for standard contracts (named by their token),
 * `POST /api/{sow|co}/change-signer {id, …}` for the families named by id. The new signer
 * gets their own link; the old one closes. Not retried: a repeat is refused (409).
 */
export function changeSigner(
  client: ApiClient,
  family: AgreementFamily,
  card: Pick<AgreementCardCore, '_id'> & { token?: string },
  change: ChangeSignerRequest,
): Promise<HandoverResponse> {
  const named =
    dashboardRoutesOf(family).namedBy === 'token' ? { token: card.token ?? '' } : { id: card._id };
  return client.post(dashboardPath(family, 'changeSigner'), { ...named, ...change });
}

/** Change signer as a mutation: the family's lists and cards refresh when it settles. */
export function useChangeSigner(family: AgreementFamily) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      card,
      change,
    }: {
      card: Pick<AgreementCardCore, '_id'> & { token?: string };
      change: ChangeSignerRequest;
    }) => changeSigner(client, family, card, change),
    onSettled: () => invalidateAgreements(queryClient, family),
  });
}
