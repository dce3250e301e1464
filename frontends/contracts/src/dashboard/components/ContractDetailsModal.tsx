import { useContractByToken } from '@prosign/api-client';
import type { ContractCardView } from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import { useRef } from 'react';
import { fullAddress, pacificTime, STATUS_LABELS } from '../card-format';

export interface ContractDetailsModalProps {
  /** The card as listed; refreshed from the server while the modal is open. */
  card: ContractCardView;
  onClose: () => void;
}

/**
 * Details of one contract (spec 2 §2.4): contact details, the four step times
 * each with its IP, views by phone and by email, and the history table.
 */
export function ContractDetailsModal({ card: listed, onClose }: ContractDetailsModalProps) {
  const fresh = useContractByToken(listed.token);
  // Focus starts at the top, so the long body is read from its beginning.
  const topRef = useRef<HTMLHeadingElement>(null);
  const card = fresh.data ?? listed;
  const steps: Array<[string, string | null, string | null]> = [
    ['Created', card.createdAt, card.createdIp],
    ['First viewed', card.viewedAt, card.viewedIp],
    ['Signature saved', card.signatureSavedAt, card.signatureSavedIp],
    ['Signed', card.signedAt, card.signedIp],
  ];
  const contact: Array<[string, string]> = [
    ['Name', card.full_name],
    ['Email', card.email],
    ['Phone', card.contact_number],
    ['Company', card.company_name],
    ['CC email', card.cc_email],
    ['Address', fullAddress(card)],
    ['Service', card.form_type],
    ['CSM', card.csm_email],
    ['PM', card.pm_email],
  ];

  return (
    <Dialog
      open
      title={`Contract details — ${card.full_name}`}
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
      <section aria-labelledby="dash-details-contact">
        <h3 id="dash-details-contact" className="dash-details__heading" ref={topRef} tabIndex={-1}>
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
            <dd>{STATUS_LABELS[card.status] ?? card.status}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="dash-details-times">
        <h3 id="dash-details-times" className="dash-details__heading">
          Timeline
        </h3>
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
        <p className="dash-details__views">
          Views by phone: <strong>{card.viewedByPhoneCount}</strong> · Views by email:{' '}
          <strong>{card.viewedByEmailCount}</strong> · Total views:{' '}
          <strong>{card.viewedTimes}</strong>
        </p>
      </section>

      <section aria-labelledby="dash-details-history">
        <h3 id="dash-details-history" className="dash-details__heading">
          Document history
        </h3>
        {card.history.length === 0 ? (
          <p>No history yet.</p>
        ) : (
          <div className="dash-table-scroll">
            <table className="dash-table" aria-labelledby="dash-details-history">
              <thead>
                <tr>
                  <th scope="col">Timestamp</th>
                  <th scope="col">Status</th>
                  <th scope="col">Performed by</th>
                  <th scope="col">IP address</th>
                </tr>
              </thead>
              <tbody>
                {card.history.map((entry, index) => (
                  <tr key={`${entry.timestamp}-${index}`}>
                    <td>{pacificTime(entry.timestamp)}</td>
                    <td>{entry.status}</td>
                    <td>{entry.performedBy}</td>
                    <td>{entry.ipAddress || '—'}</td>
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
