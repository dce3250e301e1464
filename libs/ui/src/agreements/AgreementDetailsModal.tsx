import { useAgreement } from '@prosign/api-client';
import {
  AGREEMENT_FAMILY_PLACES,
  formatPacificDate,
  handoverLine,
  recipientProgressLabel,
  recipientSignature,
  type AgreementCardCore,
  type AgreementFamily,
  type Recipient,
  type RecipientRole,
  type RecipientState,
} from '@prosign/domain';
import { useId, useRef } from 'react';
import { Dialog } from '@prosign/ui';
import { pacificTime } from './agreement-format';
import { actorLabel, eventLabel } from './agreement-history';
import { CrmRecordLink } from './CrmRecordLink';
import { StatusBadge } from './StatusBadge';
import './agreements.css';

const ROLE_LABELS: Record<RecipientRole, string> = {
  signer: 'Signer',
  countersigner: 'Countersigner (firm)',
  cc: 'Copy',
};

const STATE_LABELS: Record<RecipientState, string> = {
  waiting: 'Waiting',
  invited: 'Invited',
  viewed: 'Viewed',
  'signature-saved': 'Signature saved',
  signed: 'Signed',
  declined: 'Declined',
};

/** When a recipient signed, by the rule the certificate and /verify read; "—" while not (or a cc). */
function signedCell(recipient: Recipient): string {
  const signature = recipientSignature(recipient);
  if (!signature.signed) return '—';
  return signature.signedAt ? pacificTime(signature.signedAt) : 'Signed';
}

export interface AgreementDetailsModalProps<TCard extends AgreementCardCore> {
  family: AgreementFamily;
  /** The card as listed; refreshed from the server while the modal is open. */
  card: TCard;
  onClose: () => void;
  /** The family's own contact rows after name, e-mail, phone, address and sender. */
  contactRows?: (card: TCard) => ReadonlyArray<readonly [label: string, value: string | null]>;
}

/**
 * Details of one agreement (spec 2 §2.4, spec 3 §2): contact details, the
 * step times each with its IP, views by phone and by email, and the history
 * as a timeline of readable events with who did them and from where.
 */
export function AgreementDetailsModal<TCard extends AgreementCardCore>({
  family,
  card: listed,
  onClose,
  contactRows,
}: AgreementDetailsModalProps<TCard>) {
  const card = useAgreement(family, listed);
  const ids = useId();
  // Focus starts at the top, so the long body is read from its beginning.
  const topRef = useRef<HTMLHeadingElement>(null);
  const { summary } = card;
  const name = summary.recipientName || summary.recipientEmail;
  const steps: Array<[string, string | null, string | null]> = [
    ['Created', card.createdAt, card.createdIp],
    ['First viewed', card.viewedAt, card.viewedIp],
    ['Signature saved', card.signatureSavedAt, card.signatureSavedIp],
    ['Signed', card.signedAt, card.signedIp],
  ];
  const contact: ReadonlyArray<readonly [string, string | null]> = [
    ['Name', summary.recipientName],
    ['Email', summary.recipientEmail],
    ['Phone', summary.recipientPhone],
    ['Address', summary.address],
    ['Sent by', summary.senderEmail],
    ...(contactRows?.(card) ?? []),
  ];
  const contactId = `${ids}-contact`;
  const timesId = `${ids}-times`;
  const historyId = `${ids}-history`;
  const recipientsId = `${ids}-recipients`;
  const recipients = card.recipients ?? [];

  return (
    <Dialog
      open
      title={`${AGREEMENT_FAMILY_PLACES[family].label} details — ${name}`}
      onClose={onClose}
      initialFocusRef={topRef}
      size="wide"
      describeBody={false}
      className="dash-details"
      actions={
        <button type="button" className="ps-button ps-button--primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <section aria-labelledby={contactId}>
        <h3 id={contactId} className="dash-details__heading" ref={topRef} tabIndex={-1}>
          Contact
        </h3>
        <dl className="dash-details__list">
          {contact.map(([label, value]) => (
            <div key={label} className="dash-details__row">
              <dt>{label}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
          <div className="dash-details__row">
            <dt>Status</dt>
            <dd>
              <StatusBadge family={family} status={card.status} recipients={card.recipients} />
            </dd>
          </div>
        </dl>
        <CrmRecordLink card={card} />
      </section>

      {recipients.length > 0 ? (
        <section aria-labelledby={recipientsId}>
          <h3 id={recipientsId} className="dash-details__heading">
            Recipients
          </h3>
          <p className="dash-details__views">{recipientProgressLabel(recipients)}</p>
          {/* Focusable: on a narrow screen the table scrolls sideways, by keys too. */}
          <div
            className="dash-table-scroll"
            role="region"
            aria-label="Recipients table"
            tabIndex={0}
          >
            <table className="dash-table dash-recipients" aria-labelledby={recipientsId}>
              <thead>
                <tr>
                  <th scope="col">Recipient</th>
                  <th scope="col">Role</th>
                  <th scope="col">State</th>
                  <th scope="col">Invited (PST)</th>
                  <th scope="col">Viewed (PST)</th>
                  <th scope="col">Signed (PST)</th>
                  <th scope="col">Last IP address</th>
                </tr>
              </thead>
              <tbody>
                {recipients.map((recipient) => (
                  <tr key={recipient.id}>
                    <th scope="row">
                      {recipient.name ? (
                        <>
                          {recipient.name}
                          <br />
                        </>
                      ) : null}
                      <span className="dash-details__email">{recipient.email}</span>
                      {handoverLine(recipient, formatPacificDate) ? (
                        <>
                          <br />
                          <span className="dash-details__handover">
                            {handoverLine(recipient, formatPacificDate)}
                          </span>
                        </>
                      ) : null}
                    </th>
                    <td>{ROLE_LABELS[recipient.role]}</td>
                    <td>{recipient.role === 'cc' ? '—' : STATE_LABELS[recipient.state]}</td>
                    <td>{pacificTime(recipient.times.invitedAt)}</td>
                    <td>{pacificTime(recipient.times.viewedAt)}</td>
                    <td>{signedCell(recipient)}</td>
                    <td title={recipient.lastActionUserAgent ?? undefined}>
                      {recipient.lastActionIp || '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <section aria-labelledby={timesId}>
        <h3 id={timesId} className="dash-details__heading">
          Timeline
        </h3>
        <div className="dash-table-scroll">
          <table className="dash-table">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Time (PST)</th>
                <th scope="col">IP address</th>
              </tr>
            </thead>
            <tbody>
              {steps.map(([label, at, ip]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{pacificTime(at)}</td>
                  <td>{ip || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="dash-details__views">
          Views by phone: <strong>{card.viewedByPhoneCount}</strong> · Views by email:{' '}
          <strong>{card.viewedByEmailCount}</strong> · Total views:{' '}
          <strong>{card.viewedTimes}</strong>
        </p>
      </section>

      <section aria-labelledby={historyId}>
        <h3 id={historyId} className="dash-details__heading">
          Document history
        </h3>
        {card.history.length === 0 ? (
          <p>No history yet.</p>
        ) : (
          <div className="dash-table-scroll">
            <table className="dash-table dash-history" aria-labelledby={historyId}>
              <thead>
                <tr>
                  <th scope="col">Timestamp (PST)</th>
                  <th scope="col">Event</th>
                  <th scope="col">Performed by</th>
                  <th scope="col">IP address</th>
                </tr>
              </thead>
              <tbody>
                {card.history.map((event, index) => (
                  <tr key={`${event.timestamp}-${index}`}>
                    <td>
                      <time dateTime={event.timestamp}>{pacificTime(event.timestamp)}</time>
                    </td>
                    <td>{eventLabel(family, event)}</td>
                    <td>{actorLabel(event.performedBy)}</td>
                    <td title={event.userAgent ?? undefined}>{event.ipAddress || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Dialog>
  );
}
