import { useStaffRealtime } from '@prosign/api-client';
import { allFamilies } from '@prosign/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useAccessFlags } from '../../../access/AccessFlagsContext';
import { countersignKeys } from '../hooks/useCountersignQueue';

/** The flags whose sessions the server lets into a staff room (the dashboards' live events). */
const LIVE_FLAGS = [...new Set(allFamilies().map((family) => family.dashboard.access))];

/**
 * While the queue is on screen: an agreement that changes (a client signed, one was
 * cancelled) reads the queue again at once, for staff whose flags admit them to the
 * live events; the others rely on the poll.
 */
export function CountersignQueueLive() {
  const flags = useAccessFlags();
  return LIVE_FLAGS.some((flag) => flags[flag]) ? <QueueRealtime /> : null;
}

function QueueRealtime() {
  const queryClient = useQueryClient();
  useStaffRealtime({
    onAgreementChanged: () =>
      void queryClient.invalidateQueries({ queryKey: countersignKeys.queue }),
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: countersignKeys.queue }),
  });
  return null;
}
