import { AGREEMENT_ACTION_LABELS, isReminderLocked, type AgreementCardCore } from '@prosign/domain';
import { useId } from 'react';
import { reminderTooltip } from './agreement-format';
import './agreements.css';

export interface ReminderButtonProps {
  card: Pick<AgreementCardCore, 'remindersAt' | 'isDeactiveReminder' | 'reminderDeactivateTime'>;
  now: Date;
  busy: boolean;
  disabled?: boolean;
  onSend: () => void;
  className?: string;
}

/**
 * Send Reminder with its tooltip. While the reminder lock is on the button is
 * disabled; the wrapper stays focusable so keyboard users can still read why.
 */
export function ReminderButton({
  card,
  now,
  busy,
  disabled = false,
  onSend,
  className = 'ps-button dash-action',
}: ReminderButtonProps) {
  const tooltipId = useId();
  const locked = isReminderLocked(card, now);
  return (
    <span
      className="dash-tooltip"
      tabIndex={locked ? 0 : undefined}
      aria-describedby={locked ? tooltipId : undefined}
    >
      <button
        type="button"
        className={className}
        disabled={locked || busy || disabled}
        aria-describedby={tooltipId}
        onClick={onSend}
      >
        {busy ? 'Sending…' : AGREEMENT_ACTION_LABELS.sendReminder}
      </button>
      <span role="tooltip" id={tooltipId} className="dash-tooltip__text">
        {reminderTooltip(card, now)}
      </span>
    </span>
  );
}
