// The recipients and history sections of an agreement's details (AgreementDetailsModal).
import {
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
import { pacificTime } from './agreement-format';
import { actorLabel, eventLabel } from './agreement-history';

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

/** The agreement's recipients: each with role, state, invited, viewed and signed times, last address. */
export function RecipientsSection({
  recipients,
  id,
}: {
  recipients: readonly Recipient[];
  id: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="dash-details__heading">
        Recipients
      </h3>
      <p className="dash-details__views">{recipientProgressLabel(recipients)}</p>
      {/* Focusable: on a narrow screen the table scrolls sideways, by keys too. */}
      <div className="dash-table-scroll" role="region" aria-label="Recipients table" tabIndex={0}>
        <table className="dash-table dash-recipients" aria-labelledby={id}>
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
  );
}

/** The document history: each event with when, who and from where. */
export function HistorySection({
  family,
  history,
  id,
}: {
  family: AgreementFamily;
  history: AgreementCardCore['history'];
  id: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="dash-details__heading">
        Document history
      </h3>
      {history.length === 0 ? (
        <p>No history yet.</p>
      ) : (
        <div className="dash-table-scroll">
          <table className="dash-table dash-history" aria-labelledby={id}>
            <thead>
              <tr>
                <th scope="col">Timestamp (PST)</th>
                <th scope="col">Event</th>
                <th scope="col">Performed by</th>
                <th scope="col">IP address</th>
              </tr>
            </thead>
            <tbody>
              {history.map((event, index) => (
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
  );
}
