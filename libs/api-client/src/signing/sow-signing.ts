import type {
  FinishSigningResponse,
  SignerSaveResponse,
  SowFinishRequest,
  SowSigningView,
  SowTextSignatureRequest,
  SowVerifyLinkResponse,
} from '@prosign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';

const part = encodeURIComponent;
const sow = (path: string, customId: string) => `/api/sow/${path}/${part(customId)}`;

/**
 * The SOW partner's signing calls (spec 3 §2 "SOW recipient signing page", §7),
 * named by the link's customId. `verify-link` comes before the captcha; every
 * other call carries the captcha pass header (`X-Captcha-Pass`) issued for
 * this customId.
 */
export interface SowSigningApi {
  /** `GET /api/sow/get-contract/{customId}`: the SOW as the page shows it; counts no view. */
  contract(customId: string, signal?: AbortSignal): Promise<SowSigningView>;
  /** `POST /api/sow/increase-viewed-times/{customId}`: one view counted; answers the view. */
  increaseViewedTimes(customId: string): Promise<SowSigningView>;
  /** `POST /api/sow/upload-text-signature/{customId}` (blank: 400 "Please add your signature"). */
  uploadTextSignature(customId: string, textSignature: string): Promise<SignerSaveResponse>;
  /** `POST /api/sow/finish/{customId}`: Agree and Finish, once however often called. */
  finish(customId: string): Promise<FinishSigningResponse>;
  /** `GET /api/sow/create-audit-trail/{customId}` of a finished SOW. */
  auditTrail(customId: string, signal?: AbortSignal): Promise<{ docLink: string }>;
}

/** `GET /api/sow/verify-link/{customId}` (no captcha): whether the link is a SOW's, and its state. */
export function verifySowLink(
  client: ApiClient,
  customId: string,
  signal?: AbortSignal,
): Promise<SowVerifyLinkResponse> {
  return client.get(sow('verify-link', customId), { signal });
}

export function createSowSigningApi(
  client: ApiClient,
  captchaHeaders: Record<string, string>,
): SowSigningApi {
  const headers = captchaHeaders;
  return {
    contract: (customId, signal) => client.get(sow('get-contract', customId), { headers, signal }),
    increaseViewedTimes: (customId) =>
      client.post(sow('increase-viewed-times', customId), undefined, { headers }),
    uploadTextSignature: (customId, textSignature) =>
      client.post(
        sow('upload-text-signature', customId),
        { textSignature } satisfies SowTextSignatureRequest,
        { headers },
      ),
    finish: (customId) =>
      client.post(sow('finish', customId), { agreedToTerms: true } satisfies SowFinishRequest, {
        headers,
      }),
    auditTrail: (customId, signal) =>
      client.get(sow('create-audit-trail', customId), { headers, signal }),
  };
}

export const sowSigningKeys = {
  link: (customId: string) => ['sow-signing', 'link', customId] as const,
  /** The SOW as opened on this page (the view counted once). */
  opened: (customId: string) => ['sow-signing', 'opened', customId] as const,
  contract: (customId: string) => ['sow-signing', 'contract', customId] as const,
  auditTrail: (customId: string) => ['sow-signing', 'audit-trail', customId] as const,
};

/** The signer API with the captcha pass attached. */
export function useSowSigningApi(captchaHeaders: Record<string, string>): SowSigningApi {
  const client = useApiClient();
  return useMemo(() => createSowSigningApi(client, captchaHeaders), [client, captchaHeaders]);
}

/** `GET /api/sow/verify-link/{customId}`, before the captcha; a 404 is an unknown link. */
export function useSowVerifyLink(customId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: sowSigningKeys.link(customId),
    queryFn: ({ signal }) => verifySowLink(client, customId, signal),
    enabled: Boolean(customId),
    staleTime: Infinity,
  });
}

/**
 * The page opened (`POST /api/sow/increase-viewed-times/{customId}`): one view
 * counted, and the SOW as the page shows it. The answer is kept for the page's
 * lifetime, so re-renders and remounts count nothing more.
 */
export function useOpenedSow(
  customId: string,
  captchaHeaders: Record<string, string>,
  options: { enabled?: boolean; onError?: (error: unknown) => void } = {},
) {
  const api = useSowSigningApi(captchaHeaders);
  const { onError } = options;
  return useQuery({
    queryKey: sowSigningKeys.opened(customId),
    queryFn: async () => {
      try {
        return await api.increaseViewedTimes(customId);
      } catch (error) {
        onError?.(error);
        throw error;
      }
    },
    enabled: options.enabled ?? Boolean(customId),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** `GET /api/sow/get-contract/{customId}` (counts no view). */
export function useSowSigningContract(
  customId: string,
  captchaHeaders: Record<string, string>,
  enabled = true,
) {
  const api = useSowSigningApi(captchaHeaders);
  return useQuery({
    queryKey: sowSigningKeys.contract(customId),
    queryFn: ({ signal }) => api.contract(customId, signal),
    enabled: enabled && Boolean(customId),
  });
}

/** `GET /api/sow/create-audit-trail/{customId}` of a finished SOW. */
export function useSowAuditTrail(
  customId: string,
  captchaHeaders: Record<string, string>,
  enabled = true,
) {
  const api = useSowSigningApi(captchaHeaders);
  return useQuery({
    queryKey: sowSigningKeys.auditTrail(customId),
    queryFn: ({ signal }) => api.auditTrail(customId, signal),
    enabled: enabled && Boolean(customId),
  });
}

function patchOpened(
  queryClient: ReturnType<typeof useQueryClient>,
  customId: string,
  change: Partial<SowSigningView>,
) {
  queryClient.setQueryData<SowSigningView>(sowSigningKeys.opened(customId), (previous) =>
    previous ? { ...previous, ...change } : previous,
  );
}

/** `POST /api/sow/upload-text-signature/{customId}`; the opened SOW's metrics follow. */
export function useSowTextSignature(customId: string, captchaHeaders: Record<string, string>) {
  const api = useSowSigningApi(captchaHeaders);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (textSignature: string) => api.uploadTextSignature(customId, textSignature),
    onSuccess: (answer) =>
      patchOpened(queryClient, customId, { metrics: answer.metrics, status: 'signature_saved' }),
  });
}

/** `POST /api/sow/finish/{customId}` (Agree and Finish); the opened SOW turns signed. */
export function useSowFinish(customId: string, captchaHeaders: Record<string, string>) {
  const api = useSowSigningApi(captchaHeaders);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.finish(customId),
    onSuccess: (finished) => {
      const previous = queryClient.getQueryData<SowSigningView>(sowSigningKeys.opened(customId));
      // Opened again later (e.g. in the shell without a reload), the link says it is signed.
      patchOpened(queryClient, customId, {
        linkState: 'signed',
        status: finished.status,
        signedDocLink: finished.signedDocLink,
        verifyId: finished.verifyId,
        ...(previous
          ? { metrics: { ...previous.metrics, isSignatureSaved: true, isSigned: true } }
          : {}),
      });
    },
  });
}
