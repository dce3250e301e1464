import {
  useActionViewer,
  useAgreementList,
  useAgreementLive,
  useRetryMail,
} from '@prosign/api-client';
import type { ContractCardView } from '@prosign/domain';
import { PageHeader } from '@prosign/ui';
import {
  AGREEMENT_MESSAGES,
  AgreementActionDialogs,
  AgreementCard,
  AgreementCardSkeletons,
  AgreementDetailsModal,
  AgreementToolbar,
  DocumentPreviewModal,
  Pagination,
  useAgreementCardActions,
  useAgreementListState,
  useMinuteClock,
} from '@prosign/ui/agreements';
import { useState } from 'react';
import {
  ChangeOrdersComingSoon,
  type ChangeOrderListComponent,
} from '../dashboard/api/change-order-list';
import {
  ContractCardLines,
  contractContactRows,
  useEditAndResendContract,
} from '../dashboard/components/StandardContractParts';
import '../dashboard/dashboard.css';

export interface DashboardPageProps {
  /** The list shown with Show CO on; the change-order feature passes its own. */
  changeOrderList?: ChangeOrderListComponent;
}

const FAMILY = 'standard';

/** /dashboard (spec 2 §2.3, §2.4): every contract with its status, actions and history. */
export function DashboardPage({
  changeOrderList: ChangeOrderList = ChangeOrdersComingSoon,
}: DashboardPageProps) {
  const listState = useAgreementListState(FAMILY);
  const [showChangeOrders, setShowChangeOrders] = useState(false);
  const list = useAgreementList(FAMILY, listState.query);
  const viewer = useActionViewer();
  const { isViewingNow } = useAgreementLive(FAMILY);
  const now = useMinuteClock();
  // The modals keep the card they opened with and refresh it from the server.
  const [detailsCard, setDetailsCard] = useState<ContractCardView | null>(null);
  const [previewCard, setPreviewCard] = useState<ContractCardView | null>(null);
  const retryMail = useRetryMail(FAMILY);
  const actions = useAgreementCardActions(FAMILY, {
    viewer,
    // After a void the voided PDF is shown straight away.
    onVoided: setPreviewCard,
    onEditAndResend: useEditAndResendContract(),
  });
  const cards = list.data?.rows ?? [];

  return (
    <div className="ps-page dash-page">
      <PageHeader
        title="Contract Dashboard"
        description="Track every contract with its status, signers, reminders and history."
      />
      <AgreementToolbar
        family={FAMILY}
        searchText={listState.searchText}
        onSearchText={listState.setSearchText}
        filters={listState.filters}
        onToggleFilter={listState.toggleFilter}
        limit={listState.limit}
        onLimit={listState.setLimit}
        showFilters={!showChangeOrders}
      >
        <label className="dash-check dash-toolbar__co">
          <input
            type="checkbox"
            checked={showChangeOrders}
            onChange={(event) => setShowChangeOrders(event.target.checked)}
          />
          Show CO
        </label>
      </AgreementToolbar>

      {showChangeOrders ? (
        <ChangeOrderList query={listState.query} />
      ) : list.isPending ? (
        <>
          <p className="ps-visually-hidden" role="status">
            Loading contracts…
          </p>
          <AgreementCardSkeletons />
        </>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {AGREEMENT_MESSAGES.fetchFailed}
        </p>
      ) : cards.length === 0 ? (
        <div className="dash-empty ps-card" role="status">
          <p>{AGREEMENT_MESSAGES.empty}</p>
        </div>
      ) : (
        <>
          <ul
            className={`dash-grid${list.isPlaceholderData ? ' dash-grid--stale' : ''}`}
            aria-label="Contracts"
            aria-busy={list.isFetching}
          >
            {cards.map((card) => (
              <AgreementCard
                key={card._id}
                family={FAMILY}
                card={card}
                viewer={viewer}
                viewingNow={isViewingNow(card)}
                now={now}
                busyAction={actions.busyFor(card._id)}
                onAction={actions.choose}
                onDetails={setDetailsCard}
                onPreview={setPreviewCard}
                onRetryMail={(retried) => retryMail.mutate(retried._id)}
                retryingMail={retryMail.isPending && retryMail.variables === card._id}
              >
                <ContractCardLines card={card} />
              </AgreementCard>
            ))}
          </ul>
          <Pagination
            page={listState.page}
            totalPages={list.data?.totalPages ?? 1}
            total={list.data?.total ?? cards.length}
            onPage={listState.setPage}
          />
        </>
      )}

      <AgreementActionDialogs
        family={FAMILY}
        pending={actions.pending}
        onConfirm={actions.confirm}
        onDismiss={actions.dismiss}
        copying={actions.copying}
        onCloseCopyLink={actions.closeCopyLink}
      />
      {detailsCard ? (
        <AgreementDetailsModal
          family={FAMILY}
          card={detailsCard}
          contactRows={contractContactRows}
          onClose={() => setDetailsCard(null)}
        />
      ) : null}
      {previewCard ? (
        <DocumentPreviewModal
          family={FAMILY}
          card={previewCard}
          onClose={() => setPreviewCard(null)}
        />
      ) : null}
    </div>
  );
}
