import type {
  ContractCardView,
  ContractListResponse,
  DashboardFilter,
  StaffSession,
} from '@prosign/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';
import type { ContractRecordInput } from './contracts-api';

/** The list query of `GET /api/user/details` (spec 2 §7, §9). */
export interface ContractListQuery {
  page: number;
  limit: number;
  search: string;
  filters: readonly DashboardFilter[];
}

/** `POST /api/email/send-reminder`: the new reminder list and when the lock ends. */
export interface ReminderSent {
  message: string;
  remindersAt: string[];
  reminderDeactivateTime: string | null;
}

/** `PUT /api/update/resend`: the new contract mailed in place of the old one. */
export interface ContractResent {
  message?: string;
  token?: string;
  signingLink?: string;
}

/** `PUT /api/update/edit-resend`: the record the creation screen is prefilled from. */
export interface ContractForEditing {
  contract: ContractRecordInput & { token: string; _id?: string };
}

/** The contract lifecycle calls of spec 2 §7 the dashboard makes. */
export const dashboardApi = {
  list: (client: ApiClient, query: ContractListQuery, signal?: AbortSignal) =>
    client.get<ContractListResponse>('/api/user/details', {
      query: {
        page: query.page,
        limit: query.limit,
        search: query.search || undefined,
        filters: query.filters.join(','),
      },
      signal,
    }),
  byToken: (client: ApiClient, token: string, signal?: AbortSignal) =>
    client.get<ContractCardView>(`/api/contracts/by-token/${encodeURIComponent(token)}`, {
      signal,
    }),
  sendReminder: (client: ApiClient, token: string) =>
    client.post<ReminderSent>('/api/email/send-reminder', { token }),
  cancel: (client: ApiClient, token: string) =>
    client.post<{ message?: string }>('/api/update/cancel-contract', { token }),
  void: (client: ApiClient, token: string) =>
    client.post<{ message?: string; voidDocLink?: string }>('/api/template/generate-void-pdf', {
      token,
    }),
  markAsSigned: (client: ApiClient, token: string) =>
    client.put<{ message?: string }>('/api/user/mark-as-signed', {
      token,
      status: 'signed_manually',
    }),
  delete: (client: ApiClient, token: string) =>
    client.delete<{ message?: string }>('/api/user/mark-as-delete', { token }),
  resend: (client: ApiClient, token: string) =>
    client.put<ContractResent>('/api/update/resend', { token }),
  editResend: (client: ApiClient, token: string) =>
    client.put<ContractForEditing>('/api/update/edit-resend', { token }),
};

export const contractListKeyRoot = ['contracts', 'list'] as const;
export const contractListQueryKey = (query: ContractListQuery) =>
  [...contractListKeyRoot, query] as const;
export const contractByTokenQueryKey = (token: string) => ['contracts', 'by-token', token] as const;
export const staffSessionQueryKey = ['auth', 'session'] as const;

/** One page of contract cards; the previous page stays on screen while the next loads. */
export function useContractList(query: ContractListQuery) {
  const client = useApiClient();
  return useQuery({
    queryKey: contractListQueryKey(query),
    queryFn: ({ signal }) => dashboardApi.list(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One contract, fresh from the server (the details modal). */
export function useContractByToken(token: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: contractByTokenQueryKey(token ?? ''),
    queryFn: ({ signal }) => dashboardApi.byToken(client, token ?? '', signal),
    enabled: Boolean(token),
  });
}

/** The signed-in staff member (email, admin flag, access flags) as the server sees the session. */
export function useStaffSessionInfo() {
  const client = useApiClient();
  return useQuery({
    queryKey: staffSessionQueryKey,
    queryFn: ({ signal }) => client.get<StaffSession>('/api/auth/session', { signal }),
    staleTime: 60_000,
  });
}

/** Every contract list and card is refetched (after an action or a live change). */
export function invalidateContracts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['contracts'] });
}

type TokenCall<T> = (client: ApiClient, token: string) => Promise<T>;

function useTokenMutation<T>(call: TokenCall<T>, refresh = true) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(client, token),
    onSettled: () => (refresh ? invalidateContracts(queryClient) : undefined),
  });
}

/** The lifecycle actions; each refreshes the list when it settles. */
export function useContractActions() {
  return {
    sendReminder: useTokenMutation(dashboardApi.sendReminder),
    cancel: useTokenMutation(dashboardApi.cancel),
    void: useTokenMutation(dashboardApi.void),
    markAsSigned: useTokenMutation(dashboardApi.markAsSigned),
    delete: useTokenMutation(dashboardApi.delete),
    resend: useTokenMutation(dashboardApi.resend),
    // Nothing changes until the edited contract is sent.
    editResend: useTokenMutation(dashboardApi.editResend, false),
  };
}
