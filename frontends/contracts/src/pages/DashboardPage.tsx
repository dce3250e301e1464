import { useContractList, useStaffSessionInfo } from '@prosign/api-client';
import {
  CONTRACT_ACTION_LABELS,
  type ContractActionViewer,
  type ContractCardView,
} from '@prosign/domain';
import { ConfirmDialog, PageHeader } from '@prosign/ui';
import { useEffect, useState } from 'react';
import {
  ChangeOrdersComingSoon,
  type ChangeOrderListComponent,
} from '../dashboard/api/change-order-list';
import { ContractCard, ContractCardSkeletons } from '../dashboard/components/ContractCard';
import { ContractDetailsModal } from '../dashboard/components/ContractDetailsModal';
import { DashboardToolbar } from '../dashboard/components/DashboardToolbar';
import { DocumentPreviewModal } from '../dashboard/components/DocumentPreviewModal';
import { Pagination } from '../dashboard/components/Pagination';
import { DASHBOARD_MESSAGES } from '../dashboard/dashboard-messages';
import { useCardActions, type ConfirmedAction } from '../dashboard/hooks/useCardActions';
import { useDashboardQuery } from '../dashboard/hooks/useDashboardQuery';
import { useLiveContracts } from '../dashboard/hooks/useLiveContracts';
import '../dashboard/dashboard.css';

export interface DashboardPageProps {
  /** The list shown with Show CO on; the change-order feature passes its own. */
  changeOrderList?: ChangeOrderListComponent;
}

const CONFIRM_TEXT: Record<ConfirmedAction, { title: string; body: string; danger: boolean }> = {
  cancel: {
    title: 'Cancel this contract?',
    body: 'The signing link stops working. You can resend or edit and resend it afterwards.',
    danger: true,
  },
  void: {
    title: 'Void this signed contract?',
    body: 'A voided copy of the signed PDF is produced and the contract becomes void.',
    danger: true,
  },
  markAsSigned: {
    title: 'Mark this contract as signed?',
    body: 'Use this when the client signed outside ProSign. The status becomes signed manually.',
    danger: false,
  },
  delete: {
    title: 'Delete this contract?',
    body: 'It disappears from the dashboard. This cannot be undone from here.',
    danger: true,
  },
};

const NO_RIGHTS: ContractActionViewer = { isAdmin: false, userAccessAccess: false };

/** Re-reads the clock each minute so reminder locks end on screen without a reload. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** /dashboard (spec 2 §2.3, §2.4): every contract with its status, actions and history. */
export function DashboardPage({
  changeOrderList: ChangeOrderList = ChangeOrdersComingSoon,
}: DashboardPageProps) {
  const dashboard = useDashboardQuery();
  const [showChangeOrders, setShowChangeOrders] = useState(false);
  const list = useContractList(dashboard.query);
  const session = useStaffSessionInfo();
  const viewer: ContractActionViewer = session.data
    ? { isAdmin: session.data.isAdmin, userAccessAccess: session.data.access.userAccessAccess }
    : NO_RIGHTS;
  const { isViewingNow } = useLiveContracts();
  const now = useMinuteClock();
  // The modals keep the card they opened with and refresh it from the server.
  const [detailsCard, setDetailsCard] = useState<ContractCardView | null>(null);
  const [previewCard, setPreviewCard] = useState<ContractCardView | null>(null);
  // After a void the voided PDF is shown straight away.
  const actions = useCardActions(viewer, setPreviewCard);
  const cards = list.data?.filteredClients ?? [];

  return (
    <div className="ps-page dash-page">
      <PageHeader
        title="Contract Dashboard"
        description="Track every contract with its status, signers, reminders and history."
      />
      <DashboardToolbar
        searchText={dashboard.searchText}
        onSearchText={dashboard.setSearchText}
        filters={dashboard.filters}
        onToggleFilter={dashboard.toggleFilter}
        limit={dashboard.limit}
        onLimit={dashboard.setLimit}
        showChangeOrders={showChangeOrders}
        onShowChangeOrders={setShowChangeOrders}
      />

      {showChangeOrders ? (
        <ChangeOrderList query={dashboard.query} />
      ) : list.isPending ? (
        <>
          <p className="ps-visually-hidden" role="status">
            Loading contracts…
          </p>
          <ContractCardSkeletons />
        </>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {DASHBOARD_MESSAGES.fetchFailed}
        </p>
      ) : cards.length === 0 ? (
        <div className="dash-empty ps-card" role="status">
          <p>{DASHBOARD_MESSAGES.empty}</p>
        </div>
      ) : (
        <>
          <ul
            className={`dash-grid${list.isPlaceholderData ? ' dash-grid--stale' : ''}`}
            aria-label="Contracts"
            aria-busy={list.isFetching}
          >
            {cards.map((card) => (
              <ContractCard
                key={card.token}
                card={card}
                viewer={viewer}
                viewingNow={isViewingNow(card)}
                now={now}
                busyAction={actions.busyFor(card.token)}
                onAction={actions.choose}
                onDetails={setDetailsCard}
                onPreview={setPreviewCard}
              />
            ))}
          </ul>
          <Pagination
            page={dashboard.page}
            totalPages={list.data?.totalPages ?? 1}
            total={list.data?.total ?? cards.length}
            onPage={dashboard.setPage}
          />
        </>
      )}

      {actions.pending ? (
        <ConfirmDialog
          open
          title={CONFIRM_TEXT[actions.pending.action].title}
          confirmLabel={CONTRACT_ACTION_LABELS[actions.pending.action]}
          cancelLabel="Keep it"
          danger={CONFIRM_TEXT[actions.pending.action].danger}
          onConfirm={actions.confirm}
          onCancel={actions.dismiss}
        >
          <p>
            <strong>{actions.pending.card.full_name}</strong> —{' '}
            {CONFIRM_TEXT[actions.pending.action].body}
          </p>
        </ConfirmDialog>
      ) : null}
      {detailsCard ? (
        <ContractDetailsModal card={detailsCard} onClose={() => setDetailsCard(null)} />
      ) : null}
      {previewCard ? (
        <DocumentPreviewModal card={previewCard} onClose={() => setPreviewCard(null)} />
      ) : null}
    </div>
  );
}
