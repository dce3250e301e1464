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
import type { ApiClient } from '../client/createApiClient';

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
