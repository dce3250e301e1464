import { formatPacificDateTime, type WebhookInboxEntry } from '@prosign/domain';
import { badgeClass } from '../../integrations/integration-tone';
import { prettyBody } from '../../webhooks/utils/webhook-texts';

/** The event type the body names (`type` of the payload); null for a body that is not one. */
function eventTypeOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { type?: unknown };
    return typeof parsed.type === 'string' ? parsed.type : null;
  } catch {
    return null;
  }
}

const SIGNATURE_MARKS = {
  valid: { text: 'Signature valid', symbol: '✓', tone: 'ok' },
  invalid: { text: 'Signature invalid', symbol: '✗', tone: 'danger' },
  unchecked: { text: 'Signature not checked', symbol: '–', tone: 'off' },
} as const;

function signatureMark(valid: boolean | null) {
  if (valid === null) return SIGNATURE_MARKS.unchecked;
  return valid ? SIGNATURE_MARKS.valid : SIGNATURE_MARKS.invalid;
}

/** One received delivery: when, to which inbox, which event, whether it verified, and what came. */
export function InboxEntryItem({ entry }: { entry: WebhookInboxEntry }) {
  const titleId = `inbox-${entry.id}-title`;
  const type = eventTypeOf(entry.body);
  const mark = signatureMark(entry.signatureValid);
  const headers = Object.entries(entry.headers).sort(([a], [b]) => a.localeCompare(b));
  return (
    <li className="ps-card integration-item wi-entry" aria-labelledby={titleId}>
      <div className="integration-item__head integration-item__head--spread">
        <h3 id={titleId} className="integration-item__title wi-entry__title">
          {type ?? 'Not an event'}
        </h3>
        <span className={`${badgeClass(mark.tone)} wi-mark`}>
          <span aria-hidden="true">{mark.symbol} </span>
          {mark.text}
        </span>
      </div>
      <p className="integration-muted wi-muted">
        {formatPacificDateTime(entry.receivedAt) || '—'} · inbox <code>{entry.inbox}</code>
      </p>
      <details className="wi-details">
        <summary>{`Headers (${headers.length})`}</summary>
        <dl className="wi-headers">
          {headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <h4 className="integration-body-title">Body</h4>
      <pre
        className="integration-body wi-body"
        tabIndex={0}
        aria-label={`Body of ${type ?? 'the delivery'}`}
      >
        {prettyBody(entry.body)}
      </pre>
    </li>
  );
}
