import type {
  CrmPipelineStageRules,
  CrmRecordActivityView,
  CrmRecordViewType,
  CrmStageMappingUpdate,
  CrmStageMappingView,
} from '@prosign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';

const recordPath = (type: CrmRecordViewType, id: string) =>
  `/api/admin/crm/records/${type}/${encodeURIComponent(id)}`;

/**
 * The admins' CRM calls (admin session): the stage each event moves a
 * deal to in each pipeline, and a local CRM record with what ProSign wrote on it.
 */
export const crmAdminApi = {
  /** `GET /api/admin/crm/stage-mappings`: every pipeline with its stages and rules. */
  stageMappings: (client: ApiClient, signal?: AbortSignal) =>
    client.get<CrmStageMappingView>('/api/admin/crm/stage-mappings', { signal }),
  /** `PUT /api/admin/crm/stage-mappings/{pipelineId}`: the new view, or 400 with the problems. */
  saveStageRules: (client: ApiClient, pipelineId: string, rules: CrmPipelineStageRules) =>
    client.put<CrmStageMappingView>(
      `/api/admin/crm/stage-mappings/${encodeURIComponent(pipelineId)}`,
      { rules } satisfies CrmStageMappingUpdate,
    ),
  /** `GET /api/admin/crm/records/{deals|projects}/{id}`: 404 unknown, 409 with HubSpot. */
  record: (client: ApiClient, type: CrmRecordViewType, id: string, signal?: AbortSignal) =>
    client.get<CrmRecordActivityView>(recordPath(type, id), { signal }),
};

export const crmAdminKeys = {
  all: ['crm-admin'] as const,
  stageMappings: ['crm-admin', 'stage-mappings'] as const,
  record: (type: CrmRecordViewType, id: string) => ['crm-admin', 'record', type, id] as const,
};

/** The stage rules of every pipeline the firm uses. */
export function useCrmStageMappings() {
  const client = useApiClient();
  return useQuery({
    queryKey: crmAdminKeys.stageMappings,
    queryFn: ({ signal }) => crmAdminApi.stageMappings(client, signal),
    staleTime: 60_000,
  });
}

/** Saves one pipeline's rules; the server's answer (every pipeline) replaces the cached view. */
export function useSaveCrmStageRules() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pipelineId, rules }: { pipelineId: string; rules: CrmPipelineStageRules }) =>
      crmAdminApi.saveStageRules(client, pipelineId, rules),
    onSuccess: (view) => queryClient.setQueryData(crmAdminKeys.stageMappings, view),
  });
}

/**
 * A CRM record's notes, files and stage history; nothing is asked without an id. A 404 (no such
 * record) or a 409 (HubSpot: open the record there) is an answer (the default rule retries no
 * client error).
 */
export function useCrmRecord(type: CrmRecordViewType, id: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: crmAdminKeys.record(type, id ?? ''),
    queryFn: ({ signal }) => crmAdminApi.record(client, type, id ?? '', signal),
    enabled: Boolean(id),
  });
}
