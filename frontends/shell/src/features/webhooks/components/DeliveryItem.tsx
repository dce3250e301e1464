import {
  formatPacificDateTime,
  type WebhookAttemptView,
  type WebhookDeliveryView,
  webhookDeliveryEventLabel,
} from '@prosign/domain';
import { useState } from 'react';
import { badgeClass } from '../../integrations/integration-tone';
import {
  DELIVERY_STATE_TONES,
  DELIVERY_STATE_WORDS,
  DELIVERY_TEXTS as T,
  prettyBody,
} from '../utils/webhook-texts';

export interface DeliveryItemProps {
  delivery: WebhookDeliveryView;
  /** Whether this delivery is being sent again right now. */
  resending: boolean;
  onResend: (delivery: WebhookDeliveryView) => void;
}

/** The id of a delivery's disclosure button, focused after "Load more". */
export function deliveryToggleId(id: string): string {
  return `delivery-${id}-toggle`;
}

/** The answer in short: "200", "500", or "no answer" when none came. */
function statusText(attempt: WebhookAttemptView | undefined): string {
  if (!attempt) return '—';
  return attempt.status === null ? 'No answer' : String(attempt.status);
}

/**
 * One delivery of the log: what was sent, how it went, and on demand the request body, every
 * attempt and the start of the last answer. Delivered and failed ones may be sent again.
 */
export function DeliveryItem({ delivery, resending, onResend }: DeliveryItemProps) {
  const [open, setOpen] = useState(false);
  const titleId = `delivery-${delivery.id}-title`;
  const detailsId = `delivery-${delivery.id}-details`;
  const last = delivery.attempts.at(-1);
  const resendable = delivery.state === 'delivered' || delivery.state === 'failed';
  return (
    <li className="wh-delivery" aria-labelledby={titleId}>
      <div className="wh-delivery__summary">
        <button
          id={deliveryToggleId(delivery.id)}
          type="button"
          className="wh-delivery__toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="wh-delivery__chevron" aria-hidden="true" />
          <span id={titleId} className="wh-delivery__event">
            {webhookDeliveryEventLabel(delivery.eventType)}
          </span>
          <code className="wh-delivery__type">{delivery.eventType}</code>
        </button>
        <span className={`${badgeClass(DELIVERY_STATE_TONES[delivery.state])} wh-badge`}>
          {DELIVERY_STATE_WORDS[delivery.state]}
        </span>
        {resendable ? (
          <button
            type="button"
            className="ps-button wh-delivery__resend"
            aria-describedby={titleId}
            disabled={resending}
            onClick={() => onResend(delivery)}
          >
            {resending ? T.resending : T.resend}
          </button>
        ) : null}
      </div>
      <dl className="integration-terms wh-delivery__facts">
        <div>
          <dt>Time</dt>
          <dd>{formatPacificDateTime(delivery.createdAt) || '—'}</dd>
        </div>
        <div>
          <dt>Attempts</dt>
          <dd>{delivery.attempts.length}</dd>
        </div>
        <div>
          <dt>Last status</dt>
          <dd>{statusText(last)}</dd>
        </div>
        <div>
          <dt>Latency</dt>
          <dd>{last ? `${last.latencyMs} ms` : '—'}</dd>
        </div>
      </dl>
      <div id={detailsId} className="wh-delivery__details" hidden={!open}>
        {open ? <DeliveryDetails delivery={delivery} /> : null}
      </div>
    </li>
  );
}

function DeliveryDetails({ delivery }: { delivery: WebhookDeliveryView }) {
  return (
    <>
      <p className="integration-muted">
        Event <code>{delivery.eventId}</code>
        {delivery.nextAttemptAt
          ? ` · next attempt ${formatPacificDateTime(delivery.nextAttemptAt)}`
          : ''}
      </p>
      {delivery.attempts.length === 0 ? (
        <p className="integration-muted">{T.noAttempt}</p>
      ) : (
        <ol className="wh-attempts" aria-label="Attempts">
          {delivery.attempts.map((attempt, index) => (
            <li key={`${attempt.at}-${index}`} className="wh-attempt">
              <span className="wh-attempt__time">{formatPacificDateTime(attempt.at) || '—'}</span>
              <span>{statusText(attempt)}</span>
              <span>{`${attempt.latencyMs} ms`}</span>
              {attempt.error ? <span className="wh-attempt__error">{attempt.error}</span> : null}
            </li>
          ))}
        </ol>
      )}
      <h4 className="integration-body-title">{T.request}</h4>
      <pre className="integration-body wh-body" tabIndex={0} aria-label={T.request}>
        {prettyBody(delivery.requestBody)}
      </pre>
      <h4 className="integration-body-title">{T.answer}</h4>
      {delivery.responseExcerpt ? (
        <pre className="integration-body wh-body" tabIndex={0} aria-label={T.answer}>
          {prettyBody(delivery.responseExcerpt)}
        </pre>
      ) : (
        <p className="integration-muted">{T.noAnswer}</p>
      )}
    </>
  );
}
