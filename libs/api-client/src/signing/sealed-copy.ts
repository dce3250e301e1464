import type { VerifyTokenResponse } from '@prosign/domain';
import { useQuery, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How often a signing page asks again for a signed agreement's sealed copy. */
export const SEALED_COPY_POLL_MS = 2_000;
/** How long it asks (sealing takes 1–30 s, longer under load); then the e-mail brings the copy. */
export const SEALED_COPY_WAIT_MS = 5 * 60_000;

/** What a signing view (customer, SOW/CO link, countersign) says of the sealed copy. */
export type SealedCopyView = Pick<VerifyTokenResponse, 'status' | 'signedDocLink' | 'verifyId'>;

/**
 * Signed by everyone but not sealed yet: the finish answers once the signature is recorded and
 * the worker seals the agreement after. Read from the agreement's status, not the link's state:
 * a signer whose part is in while others still sign has a signed link and nothing to wait for.
 */
export function awaitsSealedCopy(view: SealedCopyView | null | undefined): boolean {
  return view?.status === 'signed' && !view.signedDocLink;
}

/** While the copy is awaited: being prepared (the page asks again), or left to the e-mail. */
export type SealedCopyWait = 'preparing' | 'mailed';

export interface SealedCopy {
  /** The sealed PDF, once there. */
  signedDocLink: string | null;
  /** The public verification page's id: it resolves once the copy is sealed. */
  verifyId: string | null;
  wait: SealedCopyWait | null;
}

/**
 * A signed agreement's sealed copy on a signing page. While `view` awaits it, `read` (a view
 * that counts nothing) is asked again every SEALED_COPY_POLL_MS under a query of its own, so
 * the page's view, with what the page recorded in it, stays as it is. It stops once the copy
 * is there, when the page goes, or after SEALED_COPY_WAIT_MS (then `wait` is 'mailed').
 */
export function useSealedCopy(
  view: SealedCopyView | null | undefined,
  read: { queryKey: QueryKey; queryFn: QueryFunction<SealedCopyView> },
): SealedCopy {
  const awaited = awaitsSealedCopy(view);
  const [timedOut, setTimedOut] = useState(false);
  const polled = useQuery({
    ...read,
    enabled: (query) => awaited && !timedOut && !query.state.data?.signedDocLink,
    refetchInterval: SEALED_COPY_POLL_MS,
    // The signer may be reading their mailbox in another tab meanwhile.
    refetchIntervalInBackground: true,
    // The next read is the retry.
    retry: false,
  });
  const sealed = polled.data?.signedDocLink ? polled.data : null;
  const waiting = awaited && !sealed;

  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => setTimedOut(true), SEALED_COPY_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  return {
    signedDocLink: sealed?.signedDocLink || view?.signedDocLink || null,
    verifyId: sealed?.verifyId || view?.verifyId || null,
    wait: waiting ? (timedOut ? 'mailed' : 'preparing') : null,
  };
}
