import {
  agreementStateStyle,
  displayedStatus,
  type AgreementFamily,
  type Recipient,
} from '@prosign/domain';
import { statusClass } from './agreement-format';
import './agreements.css';

export interface StatusBadgeProps {
  family: AgreementFamily;
  status: string | null | undefined;
  /**
   * The agreement's recipients: with some but not all signatures in, the badge says
   * "Partly signed · 1 of 2" (the status alone follows the first signer).
   */
  recipients?: readonly Recipient[] | null;
}

/** A status in words, in its own colour (spec 2 §2.3); unknown statuses read as not signed. */
export function StatusBadge({ family, status, recipients }: StatusBadgeProps) {
  // The one rule of where the signatures stand, as the certificate and /verify read it.
  const style = agreementStateStyle(family, status, recipients);
  const shown = displayedStatus(family, status);
  return (
    <span
      className={`dash-status dash-status--${statusClass(shown)}`}
      data-tone={style.tone}
      data-partly-signed={style.partlySigned || undefined}
    >
      {style.label}
    </span>
  );
}
