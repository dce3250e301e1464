/**
 * `@prosign/ui/agreements`: the dashboard parts every contract family shares
 * (docs/architecture.md#contract-families-on-one-agreement-core). A separate entry, shared on its own, so only the remotes
 * that show a dashboard load it; it uses the main entry (`@prosign/ui`) for
 * dialogs, toasts and the PDF viewer, so those stay one instance.
 */
export { AgreementToolbar } from './AgreementToolbar';
export { Pagination } from './Pagination';
export { StatusBadge } from './StatusBadge';
export { AgreementCardSkeletons } from './AgreementCard';
export { SendStep, type SentLink } from './SendStep';
export { AgreementDashboardList } from './AgreementDashboardList';
export { useEditAndResend } from './useEditAndResend';
export { useAgreementListState } from './useAgreementListState';
export { pacificTime, truncatedAddress } from './agreement-format';
