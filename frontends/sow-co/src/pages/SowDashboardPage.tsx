import {
  useActionViewer,
  useAgreementList,
  useAgreementLive,
  useRetryMail,
} from '@prosign/api-client';
import type { SowCardView } from '@prosign/domain';
import { PageHeader } from '@prosign/ui';
import {
  AgreementActionDialogs,
  AgreementCard,
  AgreementCardSkeletons,
  AgreementDetailsModal,
  AgreementToolbar,
  agreementMessages,
  DocumentPreviewModal,
  Pagination,
  useAgreementCardActions,
  useAgreementListState,
  useMinuteClock,
} from '@prosign/ui/agreements';
import { useState } from 'react';
import { SowCardLines, sowContactRows, useEditAndResendSow } from '../sow-dashboard/SowCardParts';

const FAMILY = 'sow';
const MESSAGES = agreementMessages(FAMILY);

/**
 * /sow-dashboard (spec 3 §2, §4, §9): every sent SOW with its status, the
 * actions this staff member may take on it, its details and its document,
 * kept current by the staff socket.
 */
export function SowDashboardPage() {
  const listState = useAgreementListState(FAMILY);
  const list = useAgreementList(FAMILY, listState.query);
  const viewer = useActionViewer();
  const { isViewingNow } = useAgreementLive(FAMILY);
  const now = useMinuteClock();
  // The modals keep the card they opened with and refresh it from the server.
  const [detailsCard, setDetailsCard] = useState<SowCardView | null>(null);
  const [previewCard, setPreviewCard] = useState<SowCardView | null>(null);
  const retryMail = useRetryMail(FAMILY);
  const actions = useAgreementCardActions(FAMILY, {
    viewer,
    // After a void the voided PDF is shown straight away.
    onVoided: setPreviewCard,
    onEditAndResend: useEditAndResendSow(),
  });
  const cards = list.data?.rows ?? [];

  return (
    <div className="ps-page dash-page">
      <PageHeader
        title="SOW Dashboard"
        description="Track every Scope-of-Work contract sent to a partner: status, reminders, resends and history."
      />
      <AgreementToolbar
        family={FAMILY}
        searchText={listState.searchText}
        onSearchText={listState.setSearchText}
        filters={listState.filters}
        onToggleFilter={listState.toggleFilter}
        limit={listState.limit}
        onLimit={listState.setLimit}
        searchLabel="Search SOW contracts"
        searchPlaceholder="Partner, email, project address, project ID or role"
      />

      {list.isPending ? (
        <>
          <p className="ps-visually-hidden" role="status">
            Loading SOW contracts…
          </p>
          <AgreementCardSkeletons />
        </>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {MESSAGES.fetchFailed}
        </p>
      ) : cards.length === 0 ? (
        <div className="dash-empty ps-card" role="status">
          <p>{MESSAGES.empty}</p>
        </div>
      ) : (
        <>
          <ul
            className={`dash-grid${list.isPlaceholderData ? ' dash-grid--stale' : ''}`}
            aria-label="SOW contracts"
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
                <SowCardLines card={card} />
              </AgreementCard>
            ))}
          </ul>
          <Pagination
            page={listState.page}
            totalPages={list.data?.totalPages ?? 1}
            total={list.data?.total ?? cards.length}
            onPage={listState.setPage}
            noun="SOW contracts"
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
          contactRows={sowContactRows}
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
