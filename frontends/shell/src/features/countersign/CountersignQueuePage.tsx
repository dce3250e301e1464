import { ErrorPanel, LoadingState, PageHeader } from '@prosign/ui';
import { CountersignQueueItem } from './components/CountersignQueueItem';
import { CountersignQueueLive } from './components/CountersignQueueLive';
import { useCountersignQueue } from './hooks/useCountersignQueue';
import './countersign.css';

const COUNTERSIGN_QUEUE_TEXTS = {
  title: 'Waiting for my signature',
  description:
    'Agreements every client has signed that now wait for your countersignature for the firm, longest waiting first.',
  loading: 'Loading what waits for your signature…',
  failed: 'Could not load what waits for your signature.',
  empty: 'Nothing waits for your signature.',
} as const;

/** /countersign: the signed-in staff member's "Waiting for my signature" queue. */
export function CountersignQueuePage() {
  const queue = useCountersignQueue();
  const T = COUNTERSIGN_QUEUE_TEXTS;
  const items = queue.data?.items ?? [];
  return (
    <div className="ps-page cs-page">
      <PageHeader title={T.title} description={T.description} />
      <CountersignQueueLive />
      {queue.isPending ? (
        <LoadingState label={T.loading} />
      ) : queue.isError ? (
        <ErrorPanel
          title={T.failed}
          message="Check your connection and try again."
          headingLevel={2}
          onRetry={() => void queue.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="cs-empty ps-card">{T.empty}</p>
      ) : (
        <ul className="cs-queue" aria-label={T.title}>
          {items.map((item) => (
            <CountersignQueueItem key={item.agreementId} item={item} now={queue.dataUpdatedAt} />
          ))}
        </ul>
      )}
    </div>
  );
}
