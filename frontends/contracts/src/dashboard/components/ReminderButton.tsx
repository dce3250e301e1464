import { CONTRACT_ACTION_LABELS, isReminderLocked, type ContractCardView } from '@prosign/domain';
import { useId } from 'react';
import { reminderTooltip } from '../reminder-tooltip';

export interface ReminderButtonProps {
  card: ContractCardView;
  now: Date;
  busy: boolean;
  onSend: () => void;
}

/**
 * Send Reminder with its tooltip. While the reminder lock is on the button is
 * disabled; the wrapper stays focusable so keyboard users can still read why.
 */
export function ReminderButton({ card, now, busy, onSend }: ReminderButtonProps) {
  const tooltipId = useId();
  const locked = isReminderLocked(card, now);
  const text = reminderTooltip(card, now);
  return (
    <span
      className="dash-tooltip"
      tabIndex={locked ? 0 : undefined}
      aria-describedby={locked ? tooltipId : undefined}
    >
      <button
        type="button"
        className="ps-button dash-action"
        disabled={locked || busy}
        aria-describedby={tooltipId}
        onClick={onSend}
      >
        {busy ? 'Sending…' : CONTRACT_ACTION_LABELS.sendReminder}
      </button>
      <span role="tooltip" id={tooltipId} className="dash-tooltip__text">
        {text}
      </span>
    </span>
  );
}
