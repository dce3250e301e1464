import { isReminderLocked, type ContractCardView } from '@prosign/domain';
import { pacificTime } from './card-format';

/**
 * The Send Reminder tooltip (spec 2 §4): the last reminder and when the next
 * one can be sent, or that none was sent yet.
 */
export function reminderTooltip(card: ContractCardView, now: Date): string {
  const last = card.remindersAt.length ? card.remindersAt[card.remindersAt.length - 1] : null;
  if (!last) return 'No reminders sent yet';
  const next =
    isReminderLocked(card, now) && card.reminderDeactivateTime
      ? `Next reminder can be sent after ${pacificTime(card.reminderDeactivateTime)}`
      : 'Next reminder can be sent now';
  return `Last reminder sent ${pacificTime(last)}. ${next}.`;
}
