import {
  CONTRACT_ACTION_LABELS,
  displayedContractStatus,
  isContractActionShown,
  type ContractAction,
  type ContractActionViewer,
  type ContractCardView,
} from '@prosign/domain';
import {
  cardCreatedTime,
  fullAddress,
  pacificTime,
  STATUS_LABELS,
  statusClass,
  truncatedAddress,
} from '../card-format';
import { ReminderButton } from './ReminderButton';

/** The actions a card offers besides Send Reminder, in the order they appear. */
const BUTTON_ACTIONS: readonly ContractAction[] = [
  'copyLink',
  'resend',
  'editAndResend',
  'markAsSigned',
  'cancel',
  'void',
  'delete',
];

export interface ContractCardProps {
  card: ContractCardView;
  viewer: ContractActionViewer;
  viewingNow: boolean;
  now: Date;
  /** The action running for this card, if any. */
  busyAction: ContractAction | null;
  onAction: (action: ContractAction, card: ContractCardView) => void;
  onDetails: (card: ContractCardView) => void;
  onPreview: (card: ContractCardView) => void;
}

/** One contract: status, name, address, created time, presence and its allowed actions. */
export function ContractCard({
  card,
  viewer,
  viewingNow,
  now,
  busyAction,
  onAction,
  onDetails,
  onPreview,
}: ContractCardProps) {
  const status = displayedContractStatus(card.status);
  const address = fullAddress(card);
  const titleId = `contract-${card.token}-name`;
  // Delete is offered only to holders of userAccessAccess (spec 2 §4).
  const shown = (action: ContractAction) =>
    isContractActionShown(action, card) && (action !== 'delete' || viewer.userAccessAccess);
  // A resent contract shows when it was resent where the resend buttons were.
  const alreadyResent = card.isResend || card.isEditResend;

  return (
    <li className={`dash-card dash-card--${statusClass(status)}`} aria-labelledby={titleId}>
      <div className="dash-card__top">
        <span className={`dash-status dash-status--${statusClass(status)}`}>
          {STATUS_LABELS[status] ?? status}
        </span>
        {viewingNow ? (
          <span className="dash-presence" role="status">
            <span className="dash-presence__dot" aria-hidden="true" /> Viewing now
          </span>
        ) : null}
      </div>
      <h3 id={titleId} className="dash-card__name">
        {card.full_name || card.email}
      </h3>
      <p className="dash-card__address" title={address}>
        {address ? truncatedAddress(address) : 'No address'}
      </p>
      <p className="dash-card__meta">
        <span>
          Created{' '}
          <time dateTime={card.createdAt ?? undefined}>{cardCreatedTime(card.createdAt)}</time>
        </span>
        {card.form_type ? <span>{card.form_type}</span> : null}
      </p>
      {alreadyResent ? (
        <p className="dash-card__resent">
          {card.isEditResend
            ? `Edited and resent ${pacificTime(card.editResendAt)}`
            : `Resent ${pacificTime(card.resendAt)}`}
        </p>
      ) : null}
      <div className="dash-card__links">
        <button type="button" className="dash-link" onClick={() => onDetails(card)}>
          Details<span className="ps-visually-hidden"> of {card.full_name}</span>
        </button>
        <button type="button" className="dash-link" onClick={() => onPreview(card)}>
          Preview document<span className="ps-visually-hidden"> of {card.full_name}</span>
        </button>
      </div>
      <div className="dash-card__actions" role="group" aria-label={`Actions for ${card.full_name}`}>
        {shown('sendReminder') ? (
          <ReminderButton
            card={card}
            now={now}
            busy={busyAction === 'sendReminder'}
            onSend={() => onAction('sendReminder', card)}
          />
        ) : null}
        {BUTTON_ACTIONS.filter(shown).map((action) => (
          <button
            key={action}
            type="button"
            className={`ps-button dash-action${action === 'delete' || action === 'void' ? ' dash-action--danger' : ''}`}
            disabled={busyAction !== null}
            onClick={() => onAction(action, card)}
          >
            {busyAction === action
              ? `${CONTRACT_ACTION_LABELS[action]}…`
              : CONTRACT_ACTION_LABELS[action]}
          </button>
        ))}
      </div>
    </li>
  );
}

/** Placeholder cards while the first page loads. */
export function ContractCardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <ul className="dash-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="dash-card dash-card--skeleton">
          <span className="dash-skeleton dash-skeleton--badge" />
          <span className="dash-skeleton dash-skeleton--title" />
          <span className="dash-skeleton" />
          <span className="dash-skeleton dash-skeleton--short" />
        </li>
      ))}
    </ul>
  );
}
