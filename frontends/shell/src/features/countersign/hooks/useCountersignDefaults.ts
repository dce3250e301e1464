import {
  countersignApi,
  countersignKeys,
  useApiClient,
  useCountersignDefaultsQuery,
} from '@prosign/api-client';
import type { CountersignDefaultRequest } from '@prosign/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The countersigner each family's creation screen proposes, and (admins) setting one. */
export function useCountersignDefaults() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const defaults = useCountersignDefaultsQuery();
  const setDefault = useMutation({
    mutationFn: (request: CountersignDefaultRequest) => countersignApi.setDefault(client, request),
    onSuccess: (result) => queryClient.setQueryData(countersignKeys.defaults, result),
  });
  return { defaults, setDefault };
}
