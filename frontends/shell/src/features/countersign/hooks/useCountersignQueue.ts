import { countersignApi, countersignKeys as sharedKeys, useApiClient } from '@prosign/api-client';
import { useQuery } from '@tanstack/react-query';

/** The shared keys (queue, defaults: the creation screens read the same) and the page's own. */
export const countersignKeys = {
  ...sharedKeys,
  agreement: (agreementId: string) => ['countersign', 'agreement', agreementId] as const,
};

/**
 * How often the queue is read again while a staff page is open. Live events reach
 * only sessions with a dashboard flag; every staff member may countersign, so the
 * queue (and the navigation's badge) also follows a gentle poll and window focus.
 */
const COUNTERSIGN_QUEUE_POLL_MS = 30_000;

/**
 * "Waiting for my signature": the signed-in staff member's queue, longest waiting first.
 * `enabled: false` (the navigation of someone nobody named countersigner) reads nothing.
 */
export function useCountersignQueue({ enabled = true }: { enabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    queryKey: countersignKeys.queue,
    enabled,
    queryFn: ({ signal }) => countersignApi.queue(client, signal),
    refetchInterval: COUNTERSIGN_QUEUE_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
