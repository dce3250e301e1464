import { servicesInOrder } from '@prosign/domain';
import type {
  LatestTerms,
  PasswordCheck,
  ReorderServicesRequest,
  SaveTermsRequest,
  ServiceDeleted,
  ServiceFormDefinition,
  ServiceInput,
  ServiceRecord,
  ServiceSaved,
  ServicesReordered,
  ServiceUpdateInput,
  TermsSaved,
  VerifyPasswordRequest,
} from '@prosign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';

/** The service and terms calls of spec 1 §7 and the form call of spec 2 §7, typed. */
const servicesApi = {
  list: (client: ApiClient, signal?: AbortSignal) =>
    client.get<ServiceRecord[]>('/api/service/get-services', { signal }),
  create: (client: ApiClient, input: ServiceInput) =>
    client.post<ServiceSaved>('/api/service/create', input),
  update: (client: ApiClient, id: string, input: ServiceUpdateInput) =>
    client.put<ServiceSaved>(`/api/service/update/${encodeURIComponent(id)}`, input),
  reorder: (client: ApiClient, ids: string[]) =>
    client.put<ServicesReordered>('/api/service/reorder', { ids } satisfies ReorderServicesRequest),
  verifyPassword: (client: ApiClient, password: string) =>
    client.post<PasswordCheck>('/api/service/verify-password', {
      password,
    } satisfies VerifyPasswordRequest),
  delete: (client: ApiClient, id: string) =>
    client.delete<ServiceDeleted>(`/api/service/delete/${encodeURIComponent(id)}`),
  latestTerms: (client: ApiClient, signal?: AbortSignal) =>
    client.get<LatestTerms>('/api/tnc/latest', { signal }),
  saveTerms: (client: ApiClient, content: string) =>
    client.post<TermsSaved>('/api/tnc/save', { content } satisfies SaveTermsRequest),
  formDefinition: (client: ApiClient, serviceType: string, signal?: AbortSignal) =>
    client.get<ServiceFormDefinition>(`/api/form/${encodeURIComponent(serviceType)}`, {
      signal,
    }),
};

const servicesQueryKey = ['services'] as const;
const latestTermsQueryKey = ['tnc', 'latest'] as const;
const formDefinitionQueryKey = (serviceType: string) => ['form', serviceType] as const;

export function useServices() {
  const client = useApiClient();
  return useQuery({
    queryKey: servicesQueryKey,
    queryFn: ({ signal }) => servicesApi.list(client, signal),
  });
}

export function useLatestTerms(enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: latestTermsQueryKey,
    queryFn: ({ signal }) => servicesApi.latestTerms(client, signal),
    enabled,
  });
}

export function useFormDefinition(serviceType: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: formDefinitionQueryKey(serviceType ?? ''),
    queryFn: ({ signal }) => servicesApi.formDefinition(client, serviceType ?? '', signal),
    enabled: Boolean(serviceType),
  });
}

/** Every service mutation re-reads the list afterwards (spec 1 §4.5). */
export function useServiceMutations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const reread = () => queryClient.invalidateQueries({ queryKey: servicesQueryKey });
  return {
    create: useMutation({
      mutationFn: (input: ServiceInput) => servicesApi.create(client, input),
      onSuccess: reread,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: ServiceInput }) =>
        servicesApi.update(client, id, input),
      onSuccess: reread,
    }),
    // Optimistic: the list shows the new order at once, and a re-read already in flight (after a
    // create, or a live update) is cancelled so it cannot put the old order back.
    reorder: useMutation({
      mutationFn: (ids: string[]) => servicesApi.reorder(client, ids),
      onMutate: async (ids: string[]) => {
        await queryClient.cancelQueries({ queryKey: servicesQueryKey });
        const previous = queryClient.getQueryData<ServiceRecord[]>(servicesQueryKey);
        if (previous) queryClient.setQueryData(servicesQueryKey, servicesInOrder(previous, ids));
        return { previous };
      },
      onError: (_error, _ids, context) => {
        if (context?.previous) queryClient.setQueryData(servicesQueryKey, context.previous);
      },
      onSettled: reread,
    }),
    verifyPassword: useMutation({
      mutationFn: (password: string) => servicesApi.verifyPassword(client, password),
    }),
    remove: useMutation({
      mutationFn: (id: string) => servicesApi.delete(client, id),
      onSuccess: reread,
    }),
  };
}

export function useSaveTerms() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => servicesApi.saveTerms(client, content),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: latestTermsQueryKey });
      await queryClient.invalidateQueries({ queryKey: servicesQueryKey });
    },
  });
}
