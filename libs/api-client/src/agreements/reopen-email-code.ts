import {
  dashboardRoutesOf,
  dashboardPath,
  type AgreementCardCore,
  type AgreementFamily,
} from '@prosign/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';
import { invalidateAgreements } from './agreement-hooks';

/**
 * Staff re-open a signer's e-mail code step locked by too many wrong codes:
 * `POST /api/update/reopen-email-code {token, recipientId}` for standard contracts (named by
 * their token), `POST /api/{sow|co}/reopen-email-code {id, recipientId}` for the others.
 */
function reopenEmailCode(
  client: ApiClient,
  family: AgreementFamily,
  card: Pick<AgreementCardCore, '_id'> & { token?: string },
  recipientId: string,
): Promise<{ message: string }> {
  const named =
    dashboardRoutesOf(family).namedBy === 'token' ? { token: card.token ?? '' } : { id: card._id };
  return client.post(dashboardPath(family, 'reopenEmailCode'), { ...named, recipientId });
}

/** Re-open code step as a mutation: the family's lists and cards refresh when it settles. */
export function useReopenEmailCode(family: AgreementFamily) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      card,
      recipientId,
    }: {
      card: Pick<AgreementCardCore, '_id'> & { token?: string };
      recipientId: string;
    }) => reopenEmailCode(client, family, card, recipientId),
    onSettled: () => invalidateAgreements(queryClient, family),
  });
}
