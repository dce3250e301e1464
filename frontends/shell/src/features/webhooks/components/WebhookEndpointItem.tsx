import {
  formatPacificDateTime,
  WEBHOOK_EVENT_LABELS,
  type WebhookEndpointView,
} from '@prosign/domain';
import { useSendWebhookTestEvent } from '@prosign/api-client';
import { useToast } from '@prosign/ui';
import { useState } from 'react';
import { badgeClass } from '../../integrations/integration-tone';
import { withServerReason } from '../../user-access/utils/error-message';
import {
  ENDPOINT_STATE_TONES,
  endpointStateText,
  WEBHOOK_TEXTS as T,
} from '../utils/webhook-texts';
import { DeliveryLog } from './DeliveryLog';

interface WebhookEndpointActions {
  onEdit: (endpoint: WebhookEndpointView) => void;
  onToggle: (endpoint: WebhookEndpointView) => void;
  onRotate: (endpoint: WebhookEndpointView) => void;
  onRemove: (endpoint: WebhookEndpointView) => void;
}

export interface WebhookEndpointItemProps extends WebhookEndpointActions {
  endpoint: WebhookEndpointView;
  /** Whether its enable/disable is being saved. */
  toggling: boolean;
}

/** The id of an endpoint's title, focused after an action on it. */
export function endpointTitleId(id: string): string {
  return `webhook-endpoint-${id}-title`;
}

/** One endpoint: its address, state, events and secret's age, its actions, and its delivery log. */
export function WebhookEndpointItem({
  endpoint,
  toggling,
  onEdit,
  onToggle,
  onRotate,
  onRemove,
}: WebhookEndpointItemProps) {
  const [logOpen, setLogOpen] = useState(false);
  const sendTest = useSendWebhookTestEvent(endpoint.id);
  const toast = useToast();
  const titleId = endpointTitleId(endpoint.id);
  const logId = `webhook-endpoint-${endpoint.id}-log`;
  const testHintId = `webhook-endpoint-${endpoint.id}-test-hint`;
  const enabled = endpoint.state === 'enabled';
  const onSendTest = () =>
    sendTest.mutate(undefined, {
      onSuccess: () => {
        toast.success(T.testSent);
        // Opened, so the admin sees it arrive.
        setLogOpen(true);
      },
      onError: (error) => toast.error(withServerReason(T.testFailed, error)),
    });
  return (
    <li className="ps-card integration-item" aria-labelledby={titleId}>
      <div className="integration-item__head">
        <h3 id={titleId} className="integration-item__title wh-item__title" tabIndex={-1}>
          {endpoint.url}
        </h3>
        <span className={`${badgeClass(ENDPOINT_STATE_TONES[endpoint.state])} wh-badge`}>
          {endpointStateText(endpoint)}
        </span>
        {enabled && endpoint.failingSince ? (
          <span className={`${badgeClass('warn')} wh-badge`}>
            {`Failing since ${formatPacificDateTime(endpoint.failingSince)}`}
          </span>
        ) : null}
      </div>
      {endpoint.description ? <p className="wh-item__description">{endpoint.description}</p> : null}
      <dl className="integration-facts wh-facts">
        <div className="integration-facts__wide">
          <dt>Events</dt>
          <dd>
            <ul className="integration-chips">
              {endpoint.events.map((event) => (
                <li key={event} title={event}>
                  {WEBHOOK_EVENT_LABELS[event] ?? event}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            {formatPacificDateTime(endpoint.createdAt) || '—'}
            <span className="integration-muted"> by {endpoint.createdBy}</span>
          </dd>
        </div>
        <div>
          <dt>Last delivery</dt>
          <dd>{formatPacificDateTime(endpoint.lastDeliveryAt) || 'None yet'}</dd>
        </div>
        <div>
          <dt>Secret</dt>
          <dd>{secretText(endpoint)}</dd>
        </div>
      </dl>
      <div className="integration-item__actions wh-item__actions">
        <button
          type="button"
          className="ps-button"
          aria-expanded={logOpen}
          aria-controls={logId}
          aria-describedby={titleId}
          onClick={() => setLogOpen((open) => !open)}
        >
          {T.log}
        </button>
        <button
          type="button"
          className="ps-button"
          aria-describedby={enabled ? titleId : `${titleId} ${testHintId}`}
          disabled={!enabled || sendTest.isPending}
          onClick={onSendTest}
        >
          {sendTest.isPending ? T.sendingTest : T.sendTest}
        </button>
        {enabled ? null : (
          <span id={testHintId} className="wh-item__hint integration-muted">
            {T.testNeedsEnabled}
          </span>
        )}
        <span className="wh-item__spacer" />
        <button
          type="button"
          className="ps-button"
          aria-describedby={titleId}
          onClick={() => onEdit(endpoint)}
        >
          {T.edit}
        </button>
        <button
          type="button"
          className="ps-button"
          aria-describedby={titleId}
          disabled={toggling}
          onClick={() => onToggle(endpoint)}
        >
          {enabled ? T.disable : endpoint.state === 'disabled_failing' ? T.enableAgain : T.enable}
        </button>
        <button
          type="button"
          className="ps-button"
          aria-describedby={titleId}
          onClick={() => onRotate(endpoint)}
        >
          {T.rotate}
        </button>
        <button
          type="button"
          className="ps-button integration-danger"
          aria-describedby={titleId}
          onClick={() => onRemove(endpoint)}
        >
          {T.remove}
        </button>
      </div>
      {logOpen ? (
        <DeliveryLog id={logId} endpointId={endpoint.id} endpointUrl={endpoint.url} />
      ) : null}
    </li>
  );
}

/** When the secret was made, and till when each previous one is still accepted. */
function secretText(endpoint: WebhookEndpointView): string {
  if (!endpoint.secretRotatedAt) return 'Not rotated since the endpoint was added';
  const rotated = `Rotated ${formatPacificDateTime(endpoint.secretRotatedAt)}`;
  const untils = (endpoint.previousSecretsUntil ?? [])
    .filter((until) => Date.parse(until) > Date.now())
    .map((until) => formatPacificDateTime(until));
  if (untils.length === 0) return rotated;
  if (untils.length === 1) return `${rotated}; the previous one is accepted until ${untils[0]}`;
  return `${rotated}; ${untils.length} previous ones are accepted until ${untils.join(', ')}`;
}
