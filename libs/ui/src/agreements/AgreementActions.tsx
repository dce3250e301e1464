import {
  AGREEMENT_ACTION_LABELS,
  availableActions,
  isReminderLocked,
  primaryAction,
  type ActionViewer,
  type AgreementAction,
  type AgreementCardCore,
  type AgreementFamily,
} from '@prosign/domain';
import { ActionMenu, type ActionMenuItem } from './ActionMenu';
import { reminderTooltip } from './agreement-format';
import { ReminderButton } from './ReminderButton';
import './agreements.css';

/** The order of the actions in the menu: everyday ones first, destructive ones last. */
const MENU_ORDER: readonly AgreementAction[] = [
  'sendReminder',
  'copyLink',
  'changeSigner',
  'reopenEmailCode',
  'resend',
  'editAndResend',
  'markAsSigned',
  'cancel',
  'void',
  'delete',
];
const DANGER: readonly AgreementAction[] = ['cancel', 'void', 'delete'];

export interface AgreementActionsProps {
  family: AgreementFamily;
  card: AgreementCardCore;
  viewer: ActionViewer;
  now: Date;
  /** The action running for this card, if any: its button says so and the others wait. */
  busyAction: AgreementAction | null;
  onAction: (action: AgreementAction) => void;
  /** Names the group for screen readers ("Actions for Maria Lopez"). */
  label: string;
}

function actionLabel(action: AgreementAction, busy: boolean): string {
  return busy ? `${AGREEMENT_ACTION_LABELS[action]}…` : AGREEMENT_ACTION_LABELS[action];
}

/**
 * A card's actions: the one a person most likely wants next as a button, the
 * rest in a "More actions" menu. Only actions this viewer may take on this
 * status are offered; a locked reminder is shown disabled with its tooltip.
 */
export function AgreementActions({
  family,
  card,
  viewer,
  now,
  busyAction,
  onAction,
  label,
}: AgreementActionsProps) {
  const actions = availableActions(family, card, viewer);
  const primary = primaryAction(actions);
  const rest = MENU_ORDER.filter((action) => action !== primary && actions.includes(action));
  const busy = busyAction !== null;
  if (actions.length === 0) return null;

  const items: ActionMenuItem[] = rest.map((action) => {
    const locked = action === 'sendReminder' && isReminderLocked(card, now);
    return {
      key: action,
      label: actionLabel(action, busyAction === action),
      danger: DANGER.includes(action),
      disabled: locked,
      description: action === 'sendReminder' ? reminderTooltip(card, now) : undefined,
      onSelect: () => onAction(action),
    };
  });

  return (
    <div className="dash-card__actions" role="group" aria-label={label}>
      {primary === 'sendReminder' ? (
        <ReminderButton
          card={card}
          now={now}
          busy={busyAction === 'sendReminder'}
          disabled={busy}
          onSend={() => onAction('sendReminder')}
          className="ps-button ps-button--primary dash-action"
        />
      ) : primary ? (
        // Keyed by the action: when a live update changes the card's first action, a new button
        // takes its place, not the old one restyled through its colour transition (a red label
        // on the old blue for 120 ms), and focus never rests on an action the person did not pick.
        <button
          key={primary}
          type="button"
          className={`ps-button dash-action ${DANGER.includes(primary) ? 'dash-action--danger' : 'ps-button--primary'}`}
          disabled={busy}
          onClick={() => onAction(primary)}
        >
          {actionLabel(primary, busyAction === primary)}
        </button>
      ) : null}
      <ActionMenu label="More" items={items} disabled={busy} />
    </div>
  );
}
