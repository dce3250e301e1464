import { useResendWebhookDelivery, useWebhookDeliveries } from '@prosign/api-client';
import type { WebhookDeliveryState, WebhookDeliveryView } from '@prosign/domain';
import { ErrorPanel, LoadingState, useToast } from '@prosign/ui';
import { useId, useState } from 'react';
import { withServerReason } from '../../user-access/utils/error-message';
import { useFocusLater } from '../../../layout/hooks/useFocusLater';
import { DELIVERY_FILTERS, DELIVERY_TEXTS as T } from '../utils/webhook-texts';
import { DeliveryItem, deliveryToggleId } from './DeliveryItem';

export interface DeliveryLogProps {
  endpointId: string;
  /** The endpoint's address, naming the log for assistive technology. */
  endpointUrl: string;
  id?: string;
}

/**
 * One endpoint's deliveries, newest first: filtered by state, a page at a time ("Load more"
 * follows the server's cursor), read again every few seconds while open, each one resendable.
 */
export function DeliveryLog({ endpointId, endpointUrl, id }: DeliveryLogProps) {
  const [state, setState] = useState<WebhookDeliveryState | ''>('');
  const log = useWebhookDeliveries(endpointId, state || undefined);
  const resend = useResendWebhookDelivery(endpointId);
  const toast = useToast();
  const focusLater = useFocusLater();
  const filterId = useId();
  const deliveries = log.data?.pages.flatMap((page) => page.items) ?? [];

  const loadMore = async () => {
    const shown = deliveries.length;
    const next = await log.fetchNextPage();
    // The first delivery just loaded takes the focus ("Load more" may be gone).
    const first = next.data?.pages.flatMap((page) => page.items)[shown];
    if (first) focusLater(deliveryToggleId(first.id));
  };

  const onResend = (delivery: WebhookDeliveryView) =>
    resend.mutate(delivery.id, {
      onSuccess: () => toast.success(T.resent),
      onError: (error) => toast.error(withServerReason(T.resendFailed, error)),
    });

  return (
    <section id={id} className="wh-log" aria-label={`Delivery log of ${endpointUrl}`}>
      <div className="wh-log__toolbar">
        <div className="ps-field wh-log__filter">
          <label className="ps-field__label" htmlFor={filterId}>
            State
          </label>
          <select
            id={filterId}
            className="ps-select"
            value={state}
            onChange={(event) => setState(event.target.value as WebhookDeliveryState | '')}
          >
            {DELIVERY_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
        <p className="integration-muted" role="status">
          {log.data ? countText(deliveries.length, log.hasNextPage) : ''}
        </p>
      </div>
      {log.isPending ? (
        <LoadingState label={T.loading} />
      ) : log.isError ? (
        <ErrorPanel
          title={T.failed}
          headingLevel={3}
          detail={log.error.message}
          onRetry={() => void log.refetch()}
        />
      ) : deliveries.length === 0 ? (
        <p className="integration-muted">{state ? T.emptyFiltered : T.empty}</p>
      ) : (
        <ul className="wh-deliveries" aria-label="Deliveries">
          {deliveries.map((delivery) => (
            <DeliveryItem
              key={delivery.id}
              delivery={delivery}
              resending={resend.isPending && resend.variables === delivery.id}
              onResend={onResend}
            />
          ))}
        </ul>
      )}
      {log.hasNextPage ? (
        <button
          type="button"
          className="ps-button wh-log__more"
          disabled={log.isFetchingNextPage}
          onClick={() => void loadMore()}
        >
          {log.isFetchingNextPage ? T.loadingMore : T.loadMore}
        </button>
      ) : null}
    </section>
  );
}

function countText(count: number, more: boolean): string {
  const shown = count === 1 ? '1 delivery' : `${count} deliveries`;
  return more ? `${shown} shown; older ones with Load more.` : `${shown}.`;
}
