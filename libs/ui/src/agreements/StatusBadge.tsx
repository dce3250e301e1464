import { displayedStatus, statusStyle, type AgreementFamily } from '@prosign/domain';
import { statusClass } from './agreement-format';
import './agreements.css';

export interface StatusBadgeProps {
  family: AgreementFamily;
  status: string | null | undefined;
}

/** A status in words, in its own colour (spec 2 §2.3); unknown statuses read as not signed. */
export function StatusBadge({ family, status }: StatusBadgeProps) {
  const style = statusStyle(family, status);
  const shown = displayedStatus(family, status);
  return (
    <span className={`dash-status dash-status--${statusClass(shown)}`} data-tone={style.tone}>
      {style.label}
    </span>
  );
}
