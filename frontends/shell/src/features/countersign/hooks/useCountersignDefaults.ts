import { countersignApi, useApiClient } from '@prosign/api-client';
import type { CountersignDefaultRequest } from '@prosign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { countersignKeys } from './useCountersignQueue';

/** The countersigner each family's creation screen proposes, and (admins) setting one. */
export function useCountersignDefaults() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const defaults = useQuery({
    queryKey: countersignKeys.defaults,
    queryFn: ({ signal }) => countersignApi.defaults(client, signal),
  });
  const setDefault = useMutation({
    mutationFn: (request: CountersignDefaultRequest) => countersignApi.setDefault(client, request),
    onSuccess: (result) => queryClient.setQueryData(countersignKeys.defaults, result),
  });
  return { defaults, setDefault };
}
