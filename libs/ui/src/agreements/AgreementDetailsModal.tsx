import { useAgreement } from '@prosign/api-client';
import { familyDefinition, type AgreementCardCore, type AgreementFamily } from '@prosign/domain';
import { useId, useRef } from 'react';
import { Dialog } from '@prosign/ui';
import { pacificTime } from './agreement-format';
import { HistorySection, RecipientsSection } from './AgreementDetailsSections';
import { CrmRecordLink } from './CrmRecordLink';
import { StatusBadge } from './StatusBadge';
import './agreements.css';

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
      title={`${familyDefinition(family).label} details — ${name}`}
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
        <RecipientsSection recipients={recipients} id={recipientsId} />
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

      <HistorySection family={family} history={card.history} id={historyId} />
    </Dialog>
  );
}
