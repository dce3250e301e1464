import {
  createSigningApi,
  isApiError,
  SIGNER_CALLS_RETRIED,
  useApiClient,
  useSealedCopy,
  withGatewayRetries,
  type SealedCopy,
  type SigningApi,
} from '@prosign/api-client';
import type { SignerMetrics, SigningPageState, VerifyTokenResponse } from '@prosign/domain';
import { useCaptchaPass } from '@prosign/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { linkPageState, refusedLinkState } from './link-page-state';

const signerSessionQueryKey = (token: string) => ['signer-session', token] as const;

export type SignerSession =
  | { kind: 'verifying' }
  | { kind: 'failed'; message: string; retry: () => void }
  | { kind: 'invalid-token' }
  /** A link with a page state of its own although the server refused it (not your turn). */
  | { kind: 'refused'; state: SigningPageState }
  | {
      kind: 'ready';
      /** The server's answer, with metrics kept current by the signer's own saves. */
      link: VerifyTokenResponse;
      api: SigningApi;
      /** Records what a save or finish changed, without asking the server again. */
      update: (change: Partial<VerifyTokenResponse> & { metrics?: SignerMetrics }) => void;
      /** The sealed copy, which the worker makes once the agreement is signed by everyone. */
      sealedCopy: SealedCopy;
    };

/**
 * The signer's link after the captcha (spec 1 §2.4): verifies the token once
 * (`POST /api/verifyToken`, which also counts the view by channel), and hands
 * the page the signer API with the captcha pass attached. A refused pass sends
 * the visitor back to the captcha; an unknown token is an invalid link.
 * Reusable by every signing page that verifies a token behind `<CaptchaGate>`.
 */
export function useSignerSession(token: string, prefix: string | null): SignerSession {
  const client = useApiClient();
  const captcha = useCaptchaPass();
  const queryClient = useQueryClient();
  const api = useMemo(
    () => withGatewayRetries(createSigningApi(client, captcha.headers), SIGNER_CALLS_RETRIED),
    [client, captcha.headers],
  );
  const key = signerSessionQueryKey(token);

  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      try {
        return await api.verifyToken(token, prefix);
      } catch (error) {
        // The pass expired or was refused: show the robot check again.
        if (isApiError(error) && error.statusCode === 403) captcha.invalidate();
        throw error;
      }
    },
    // One view, one count: the answer is kept for the page's lifetime.
    staleTime: Infinity,
    gcTime: Infinity,
  });

  // Read again apart from the view above, which keeps what the page's finish recorded in it
  // (the completion notice reads it). A signed link's verifyToken counts no view.
  const sealedCopy = useSealedCopy(query.data, {
    queryKey: [...key, 'sealed-copy'],
    queryFn: () => api.verifyToken(token, prefix),
  });

  const update = useCallback<Extract<SignerSession, { kind: 'ready' }>['update']>(
    (change) =>
      queryClient.setQueryData<VerifyTokenResponse>(key, (previous) =>
        previous ? { ...previous, ...change } : previous,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, token],
  );

  if (query.data) return { kind: 'ready', link: query.data, api, update, sealedCopy };
  if (query.error) {
    if (isApiError(query.error) && query.error.statusCode === 404) return { kind: 'invalid-token' };
    const refused = refusedLinkState(query.error);
    if (refused) return { kind: 'refused', state: refused };
    return {
      kind: 'failed',
      message: query.error instanceof Error ? query.error.message : 'Something went wrong.',
      retry: () => void query.refetch(),
    };
  }
  return { kind: 'verifying' };
}

/** The page state a verified link shows (spec 1 §2.4 titles). */
export function pageStateOf(
  session: SignerSession,
  completedHere: boolean,
): SigningPageState | null {
  if (session.kind === 'verifying') return { kind: 'checking' };
  if (session.kind === 'invalid-token') return { kind: 'invalid-token' };
  if (session.kind === 'refused') return session.state;
  if (session.kind === 'failed') return null;
  return linkPageState(session.link, completedHere);
}
