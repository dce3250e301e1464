import type {
  CoSigningView,
  DeclineRequest,
  DeclineResponse,
  HandoverRequest,
  HandoverResponse,
  FinishSigningResponse,
  LinkFinishRequest,
  LinkVerifyResponse,
  SignerSaveResponse,
  SowSigningView,
  TextSignatureRequest,
  VerifyTokenResponse,
} from '@prosign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withGatewayRetries } from './gateway-retries';
import { useMemo } from 'react';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';
import { linkSigningPath, type LinkSigningFamily } from './link-signing-path';

/** What each family's `get-contract` and `increase-viewed-times` answer. */
export interface LinkSigningViews {
  sow: SowSigningView;
  co: CoSigningView;
}
/** What every link-signed family's page reads, whatever its own fields. */
export type LinkSigningViewCore = VerifyTokenResponse & {
  customId: string;
  /** A family without a page of its own: the facts its server half shows above the document. */
  summary?: { label: string; value: string }[];
};
export type LinkSigningView<F extends LinkSigningFamily = LinkSigningFamily> =
  F extends keyof LinkSigningViews ? LinkSigningViews[F] : LinkSigningViewCore;

/**
 * A family's signing calls, named by the link's customId. `verify-link` comes
 * before the captcha; every other call carries the captcha pass header
 * (`X-Captcha-Pass`) issued for this customId.
 */
export interface LinkSigningApi<F extends LinkSigningFamily = LinkSigningFamily> {
  /** `GET /api/{family}/get-contract/{customId}`: the agreement as the page shows it; counts no view. */
  contract(customId: string, signal?: AbortSignal): Promise<LinkSigningView<F>>;
  /** `POST /api/{family}/increase-viewed-times/{customId}`: one view counted; answers the view. */
  increaseViewedTimes(customId: string): Promise<LinkSigningView<F>>;
  /** `POST /api/{family}/upload-text-signature/{customId}` (blank: 400 "Please add your signature"). */
  uploadTextSignature(customId: string, textSignature: string): Promise<SignerSaveResponse>;
  /** `POST /api/{family}/finish/{customId}`: Agree and Finish, once however often called. */
  finish(customId: string): Promise<FinishSigningResponse>;
  /** `GET /api/{family}/create-audit-trail/{customId}` of a finished agreement. */
  auditTrail(customId: string, signal?: AbortSignal): Promise<{ docLink: string }>;
  /**
   * `POST /api/{family}/decline/{customId}`: declines with a reason (required,
   * 1–1,000 characters once trimmed; else 400); the agreement is declined, every link closed.
   */
  decline(customId: string, reason: string): Promise<DeclineResponse>;
  /**
   * `POST /api/{family}/hand-over/{customId}`: hands over to the authorised
   * signatory (name, e-mail, optional note; else 400), who gets their own link; this one closes.
   */
  handOver(customId: string, handover: HandoverRequest): Promise<HandoverResponse>;
}

/** `GET /api/{family}/verify-link/{customId}` (no captcha): whether the link is the family's, and its state. */
export function verifySigningLink(
  client: ApiClient,
  family: LinkSigningFamily,
  customId: string,
  signal?: AbortSignal,
): Promise<LinkVerifyResponse> {
  return client.get(linkSigningPath(family, 'verify-link', customId), { signal });
}

export function createLinkSigningApi<F extends LinkSigningFamily>(
  client: ApiClient,
  family: F,
  captchaHeaders: Record<string, string>,
): LinkSigningApi<F> {
  const headers = captchaHeaders;
  const path = (name: string, customId: string) => linkSigningPath(family, name, customId);
  return {
    contract: (customId, signal) => client.get(path('get-contract', customId), { headers, signal }),
    increaseViewedTimes: (customId) =>
      client.post(path('increase-viewed-times', customId), undefined, { headers }),
    uploadTextSignature: (customId, textSignature) =>
      client.post(
        path('upload-text-signature', customId),
        { textSignature } satisfies TextSignatureRequest,
        { headers },
      ),
    finish: (customId) =>
      client.post(path('finish', customId), { agreedToTerms: true } satisfies LinkFinishRequest, {
        headers,
      }),
    auditTrail: (customId, signal) =>
      client.get(path('create-audit-trail', customId), { headers, signal }),
    decline: (customId, reason) =>
      client.post(path('decline', customId), { reason } satisfies DeclineRequest, { headers }),
    handOver: (customId, handover) =>
      client.post(path('hand-over', customId), handover satisfies HandoverRequest, { headers }),
  };
}

/** Query keys of a family's signing page: `['sow-signing', …]`, `['co-signing', …]`. */
export function linkSigningKeys(family: LinkSigningFamily) {
  const root = `${family}-signing` as const;
  return {
    all: [root] as const,
    link: (customId: string) => [root, 'link', customId] as const,
    /** The agreement as opened on this page (the view counted once). */
    opened: (customId: string) => [root, 'opened', customId] as const,
    contract: (customId: string) => [root, 'contract', customId] as const,
    auditTrail: (customId: string) => [root, 'audit-trail', customId] as const,
  };
}

/**
 * The link signer's saves tried again after a gateway failure (`withGatewayRetries`): safe
 * to repeat. Not the view count (a repeat after it went through counts the view twice).
 */
const LINK_SIGNER_CALLS_RETRIED: readonly (keyof LinkSigningApi)[] = [
  'uploadTextSignature',
  'finish',
];

/** The family's signer API with the captcha pass attached. */
export function useLinkSigningApi<F extends LinkSigningFamily>(
  family: F,
  captchaHeaders: Record<string, string>,
): LinkSigningApi<F> {
  const client = useApiClient();
  return useMemo(
    () =>
      withGatewayRetries(
        createLinkSigningApi(client, family, captchaHeaders),
        LINK_SIGNER_CALLS_RETRIED,
      ),
    [client, family, captchaHeaders],
  );
}

/** `GET /api/{family}/verify-link/{customId}`, before the captcha; a 404 is an unknown link. */
export function useSigningLink(family: LinkSigningFamily, customId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: linkSigningKeys(family).link(customId),
    queryFn: ({ signal }) => verifySigningLink(client, family, customId, signal),
    enabled: Boolean(customId),
    staleTime: Infinity,
  });
}

/**
 * The page opened (`POST /api/{family}/increase-viewed-times/{customId}`): one
 * view counted, and the agreement as the page shows it. The answer is kept for
 * the page's lifetime, so re-renders and remounts count nothing more.
 */
export function useOpenedSigningLink<F extends LinkSigningFamily>(
  family: F,
  customId: string,
  captchaHeaders: Record<string, string>,
  options: { enabled?: boolean; onError?: (error: unknown) => void } = {},
) {
  const api = useLinkSigningApi(family, captchaHeaders);
  const { onError } = options;
  return useQuery({
    queryKey: linkSigningKeys(family).opened(customId),
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

function patchOpened(
  queryClient: ReturnType<typeof useQueryClient>,
  family: LinkSigningFamily,
  customId: string,
  change: Partial<LinkSigningView>,
) {
  queryClient.setQueryData<LinkSigningView>(linkSigningKeys(family).opened(customId), (previous) =>
    previous ? ({ ...previous, ...change } as LinkSigningView) : previous,
  );
}

/** `POST /api/{family}/upload-text-signature/{customId}`; the opened agreement's metrics follow. */
export function useSigningLinkTextSignature(
  family: LinkSigningFamily,
  customId: string,
  captchaHeaders: Record<string, string>,
) {
  const api = useLinkSigningApi(family, captchaHeaders);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (textSignature: string) => api.uploadTextSignature(customId, textSignature),
    onSuccess: (answer) =>
      patchOpened(queryClient, family, customId, {
        metrics: answer.metrics,
        status: 'signature_saved',
      }),
  });
}

/** `POST /api/{family}/finish/{customId}` (Agree and Finish); the opened agreement turns signed. */
export function useSigningLinkFinish(
  family: LinkSigningFamily,
  customId: string,
  captchaHeaders: Record<string, string>,
) {
  const api = useLinkSigningApi(family, captchaHeaders);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.finish(customId),
    onSuccess: (finished) => {
      const previous = queryClient.getQueryData<LinkSigningView>(
        linkSigningKeys(family).opened(customId),
      );
      // Opened again later (e.g. in the shell without a reload), the link says it is signed;
      // the agreement only with the last signature (`progress`: others still sign).
      patchOpened(queryClient, family, customId, {
        linkState: 'signed',
        ...(finished.progress ? {} : { status: finished.status }),
        signedDocLink: finished.signedDocLink,
        verifyId: finished.verifyId,
        ...(previous
          ? { metrics: { ...previous.metrics, isSignatureSaved: true, isSigned: true } }
          : {}),
      });
    },
  });
}
