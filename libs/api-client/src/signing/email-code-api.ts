import type {
  EmailCodeDefaultRequest,
  EmailCodeDefaultsResponse,
  EmailCodeProof,
  EmailCodeSendRequest,
  EmailCodeStatus,
  EmailCodeVerifyRequest,
} from '@prosign/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';

/**
 * The signer's e-mail code calls, the same for every family's link (the SOW and
 * CO pages' customId is their link token). Each carries the captcha pass header issued for
 * that link; none is retried by itself (a repeated send would mail another code).
 */
export interface EmailCodeApi {
  /** `GET /api/signing/email-code?token=`: whether a code is needed, the masked address. */
  status(token: string, signal?: AbortSignal): Promise<EmailCodeStatus>;
  /** `POST /api/signing/email-code/send`: a new code mailed; 429 "wait N minutes" past the limit. */
  send(token: string): Promise<EmailCodeStatus>;
  /** `POST /api/signing/email-code/verify`: the proof, or 400/409/410/429 with the reason. */
  verify(token: string, code: string): Promise<EmailCodeProof>;
}

export function createEmailCodeApi(
  client: ApiClient,
  captchaHeaders: Record<string, string>,
): EmailCodeApi {
  const headers = captchaHeaders;
  return {
    status: (token, signal) =>
      client.get('/api/signing/email-code', { headers, signal, query: { token } }),
    send: (token) =>
      client.post('/api/signing/email-code/send', { token } satisfies EmailCodeSendRequest, {
        headers,
      }),
    verify: (token, code) =>
      client.post(
        '/api/signing/email-code/verify',
        { token, code } satisfies EmailCodeVerifyRequest,
        { headers },
      ),
  };
}

/** Each family's e-mail code default (`/api/email-code/defaults`, staff session; admins set). */
export const emailCodeDefaultsApi = {
  get: (client: ApiClient, signal?: AbortSignal) =>
    client.get<EmailCodeDefaultsResponse>('/api/email-code/defaults', { signal }),
  set: (client: ApiClient, request: EmailCodeDefaultRequest) =>
    client.put<EmailCodeDefaultsResponse>('/api/email-code/defaults', request),
};

export const emailCodeDefaultsKey = ['email-code', 'defaults'] as const;

/** Whether each family's creation screen proposes requiring an e-mail code. */
export function useEmailCodeDefaultsQuery() {
  const client = useApiClient();
  return useQuery({
    queryKey: emailCodeDefaultsKey,
    queryFn: ({ signal }) => emailCodeDefaultsApi.get(client, signal),
    staleTime: 60_000,
  });
}
