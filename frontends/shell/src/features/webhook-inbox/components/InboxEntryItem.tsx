import { formatPacificDateTime, type WebhookInboxEntry } from '@prosign/domain';
import { useState } from 'react';
import { badgeClass } from '../../integrations/integration-tone';
import { prettyBody } from '../../webhooks/utils/webhook-texts';

/** What the summary line tells of a body: its event type and the agreement it is about. */
interface BodyFacts {
  type: string | null;
  agreementId: string | null;
}

/**
 * The event type the body names (`type` of the payload) and its agreement (an agreement
 * event's `data.id`, an invoice event's `data.summary.agreementId`); nulls for a body that is
 * not one.
 */
function factsOf(body: string): BodyFacts {
  try {
    const parsed = JSON.parse(body) as {
      type?: unknown;
      data?: { object?: unknown; id?: unknown; summary?: { agreementId?: unknown } };
    };
    const data = parsed?.data;
    const agreementId =
      data?.object === 'agreement' ? data.id : (data?.summary?.agreementId ?? null);
    return {
      type: typeof parsed?.type === 'string' ? parsed.type : null,
      agreementId: typeof agreementId === 'string' ? agreementId : null,
    };
  } catch {
    return { type: null, agreementId: null };
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

export interface InboxEntryItemProps {
  entry: WebhookInboxEntry;
  /** Open when it first shows (the newest entry); afterwards the reader opens and closes it. */
  initiallyOpen?: boolean;
}

/**
 * One received delivery as a disclosure: a one-line summary (event type, time, whether it
 * verified, the agreement), then the inbox, headers and body once opened. A native
 * `<details>`, so Enter and Space open it from the keyboard.
 */
export function InboxEntryItem({ entry, initiallyOpen = false }: InboxEntryItemProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const titleId = `inbox-${entry.id}-title`;
  const { type, agreementId } = factsOf(entry.body);
  const mark = signatureMark(entry.signatureValid);
  const headers = Object.entries(entry.headers).sort(([a], [b]) => a.localeCompare(b));
  return (
    <li className="ps-card wi-entry" aria-labelledby={titleId}>
      <details
        className="wi-entry__details"
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary className="wi-entry__summary">
          <span id={titleId} className="wi-entry__title">
            {type ?? 'Not an event'}
          </span>
          <span className="wi-entry__time">{formatPacificDateTime(entry.receivedAt) || '—'}</span>
          <span className={`${badgeClass(mark.tone)} wi-mark`}>
            <span aria-hidden="true">{mark.symbol} </span>
            {mark.text}
          </span>
          {agreementId ? (
            <span className="wi-entry__agreement">
              agreement <code>{agreementId}</code>
            </span>
          ) : null}
        </summary>
        <div className="wi-entry__content">
          <p className="integration-muted wi-muted">
            Received by inbox <code>{entry.inbox}</code>
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
        </div>
      </details>
    </li>
  );
}
