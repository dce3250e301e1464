import type {
  CountersignDefaultRequest,
  CountersignDefaultsResponse,
  CountersignFinishRequest,
  CountersignQueue,
  CountersignSignatureRequest,
  CountersignView,
  FinishSigningResponse,
  SignerSaveResponse,
} from '@prosign/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';
import { accessApi } from '../staff/staff-api';

const path = (agreementId: string, rest = '') =>
  `/api/countersign/${encodeURIComponent(agreementId)}${rest}`;

/** The firm's countersignature in the staff app (`/api/countersign/*`, staff session). */
export const countersignApi = {
  /** "Waiting for my signature": the signed-in staff member's queue, longest waiting first. */
  queue: (client: ApiClient, signal?: AbortSignal) =>
    client.get<CountersignQueue>('/api/countersign/mine', { signal }),
  /** The countersigner each family's creation screen proposes. */
  defaults: (client: ApiClient, signal?: AbortSignal) =>
    client.get<CountersignDefaultsResponse>('/api/countersign/defaults', { signal }),
  /** Admins: one family's proposed countersigner (null: none). */
  setDefault: (client: ApiClient, request: CountersignDefaultRequest) =>
    client.put<CountersignDefaultsResponse>('/api/countersign/defaults', request),
  view: (client: ApiClient, agreementId: string, signal?: AbortSignal) =>
    client.get<CountersignView>(path(agreementId), { signal }),
  /** The page opened (the first open is recorded as the countersigner's view). */
  open: (client: ApiClient, agreementId: string) =>
    client.post<CountersignView>(path(agreementId, '/open')),
  saveSignature: (client: ApiClient, agreementId: string, textSignature: string) =>
    client.post<SignerSaveResponse>(path(agreementId, '/signature'), {
      textSignature,
    } satisfies CountersignSignatureRequest),
  clearSignature: (client: ApiClient, agreementId: string) =>
    client.delete<SignerSaveResponse>(path(agreementId, '/signature')),
  /** Agree and Finish: consent and the firm's signature; the last signature seals the agreement. */
  finish: (client: ApiClient, agreementId: string, request: CountersignFinishRequest) =>
    client.post<FinishSigningResponse>(path(agreementId, '/finish'), request),
};

/** Query keys of the countersignature calls (the shell's queue and every creation screen). */
export const countersignKeys = {
  all: ['countersign'] as const,
  queue: ['countersign', 'queue'] as const,
  defaults: ['countersign', 'defaults'] as const,
};

/** The countersigner each family's creation screen proposes (admins set them). */
export function useCountersignDefaultsQuery() {
  const client = useApiClient();
  return useQuery({
    queryKey: countersignKeys.defaults,
    queryFn: ({ signal }) => countersignApi.defaults(client, signal),
    staleTime: 60_000,
  });
}

/** Every staff member's sign-in address: who may countersign (`GET /api/access/user`). */
export function useStaffEmails() {
  const client = useApiClient();
  return useQuery({
    queryKey: ['access', 'users', 'all'],
    queryFn: ({ signal }) => accessApi.listUsers(client, undefined, signal),
    select: (data) => data.users.map((user) => user.email),
    staleTime: 60_000,
  });
}
