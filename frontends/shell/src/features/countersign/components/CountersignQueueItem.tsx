import {
  familyDefinition,
  countersignPagePath,
  formatPacificDateTime,
  type CountersignQueueItem as QueueItem,
} from '@prosign/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { waitedFor } from '../utils/waited-for';

const SIGNATURE_SAVED_NOTE = 'Signature saved — finish signing';

/** One agreement in "Waiting for my signature": what it is, who signed, how long it waits. */
export function CountersignQueueItem({ item, now }: { item: QueueItem; now: number }) {
  const titleId = useId();
  const waited = waitedFor(item.invitedAt, now);
  return (
    <li className="cs-item ps-card" aria-labelledby={titleId}>
      <div className="cs-item__head">
        <h2 id={titleId} className="cs-item__title">
          {item.agreementTitle}
        </h2>
        <span className="cs-item__family">{familyDefinition(item.family).label}</span>
      </div>
      <p className="cs-item__signers">Signed by {item.signers}</p>
      {waited ? (
        <p className="cs-item__waited">
          <time
            dateTime={item.invitedAt ?? undefined}
            title={formatPacificDateTime(item.invitedAt)}
          >
            {waited}
          </time>
        </p>
      ) : null}
      {item.signatureSaved ? <p className="cs-item__saved">{SIGNATURE_SAVED_NOTE}</p> : null}
      <Link
        className="ps-button ps-button--primary cs-item__open"
        to={countersignPagePath(item.agreementId)}
        aria-describedby={titleId}
      >
        {item.signatureSaved ? 'Finish signing' : 'Review and sign'}
      </Link>
    </li>
  );
}
