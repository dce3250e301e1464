/**
 * `@prosign/ui/agreements`: the dashboard parts every contract family shares
 * (docs/architecture.md#contract-families-on-one-agreement-core). A separate entry, shared on its own, so only the remotes
 * that show a dashboard load it; it uses the main entry (`@prosign/ui`) for
 * dialogs, toasts and the PDF viewer, so those stay one instance.
 */
export { AgreementToolbar, type AgreementToolbarProps } from './AgreementToolbar';
export { Pagination, type PaginationProps } from './Pagination';
export { StatusBadge, type StatusBadgeProps } from './StatusBadge';
export { AgreementCard, AgreementCardSkeletons, type AgreementCardProps } from './AgreementCard';
export { AgreementActions, type AgreementActionsProps } from './AgreementActions';
export { ActionMenu, type ActionMenuItem, type ActionMenuProps } from './ActionMenu';
export { ReminderButton, type ReminderButtonProps } from './ReminderButton';
export { AgreementDetailsModal, type AgreementDetailsModalProps } from './AgreementDetailsModal';
export { DocumentPreviewModal, type DocumentPreviewModalProps } from './DocumentPreviewModal';
export { CopyLinkModal, type CopyLinkModalProps } from './CopyLinkModal';
export { SendStep, type SendStepButton, type SendStepProps, type SentLink } from './SendStep';
export { AgreementActionDialogs, type AgreementActionDialogsProps } from './AgreementActionDialogs';
export { AgreementDashboardList, type AgreementDashboardListProps } from './AgreementDashboardList';
export { useEditAndResend, type EditAndResendTarget } from './useEditAndResend';
export {
  useAgreementCardActions,
  type AgreementCardActionsOptions,
  type ConfirmedAction,
} from './useAgreementCardActions';
export { useAgreementListState, useDebouncedValue, useMinuteClock } from './useAgreementListState';
export {
  AGREEMENT_MESSAGES,
  SOW_AGREEMENT_MESSAGES,
  agreementMessages,
  errorText,
  type AgreementMessages,
} from './agreement-messages';
export {
  cardCreatedTime,
  pacificTime,
  previewDocument,
  reminderTooltip,
  statusClass,
  truncatedAddress,
  viewUrl,
  type PreviewKind,
} from './agreement-format';
export { actorLabel, eventLabel } from './agreement-history';
