import {
  useActionViewer,
  useAgreementList,
  useAgreementLive,
  useRetryMail,
  type AgreementListQuery,
  type FamilyCard,
  type FamilyResults,
  type ListedFamily,
} from '@prosign/api-client';
import { useState, type ReactNode } from 'react';
import { AgreementActionDialogs } from './AgreementActionDialogs';
import { AgreementCard, AgreementCardSkeletons } from './AgreementCard';
import { AgreementDetailsModal } from './AgreementDetailsModal';
import { agreementMessages } from './agreement-messages';
import { DocumentPreviewModal } from './DocumentPreviewModal';
import { Pagination } from './Pagination';
import { useAgreementCardActions } from './useAgreementCardActions';
import { useMinuteClock } from './useAgreementListState';

export interface AgreementDashboardListProps<F extends ListedFamily> {
  family: F;
  /** The page asked for (search, filters, size, page), from the page's toolbar. */
  query: AgreementListQuery;
  onPage: (page: number) => void;
  /** The list's accessible name ("Contracts"). */
  label: string;
  /** Read to screen readers while the first page loads ("Loading contracts…"). */
  loadingText: string;
  /** What the pagination counts ("contracts"). */
  noun?: string;
  /** The family's own lines on a card, under the created time. */
  cardLines?: (card: FamilyCard<F>) => ReactNode;
  /** The family's own contact rows in the details modal. */
  contactRows?: (card: FamilyCard<F>) => ReadonlyArray<readonly [string, string | null]>;
  /** Edit and Resend answered: the family's creation screen opens (see `useEditAndResend`). */
  onEditAndResend: (result: FamilyResults<F>['editAndResend'], card: FamilyCard<F>) => void;
}

/**
 * One family's dashboard list (docs/architecture.md#contract-families-on-one-agreement-core; spec 2 §2.3, §2.4; spec 3 §2):
 * skeletons while the first page loads, the fetch error, the empty state, the
 * cards with the family's own lines and the actions this staff member may
 * take, pagination, the confirmations and copy-link modal, the details modal
 * with the family's contact rows, the document preview and the Retry of a
 * failed mail; kept current by the staff socket (changes and signer presence).
 * The page around it keeps its heading and toolbar.
 */
export function AgreementDashboardList<F extends ListedFamily>({
  family,
  query,
  onPage,
  label,
  loadingText,
  noun,
  cardLines,
  contactRows,
  onEditAndResend,
}: AgreementDashboardListProps<F>) {
  const messages = agreementMessages(family);
  const list = useAgreementList(family, query);
  const viewer = useActionViewer();
  const { isViewingNow } = useAgreementLive(family);
  const now = useMinuteClock();
  // The modals keep the card they opened with and refresh it from the server.
  const [detailsCard, setDetailsCard] = useState<FamilyCard<F> | null>(null);
  const [previewCard, setPreviewCard] = useState<FamilyCard<F> | null>(null);
  const retryMail = useRetryMail(family);
  const actions = useAgreementCardActions(family, {
    viewer,
    // After a void the voided PDF is shown straight away.
    onVoided: setPreviewCard,
    onEditAndResend,
  });
  const cards: FamilyCard<F>[] = list.data?.rows ?? [];

  return (
    <>
      {list.isPending ? (
        <>
          <p className="ps-visually-hidden" role="status">
            {loadingText}
          </p>
          <AgreementCardSkeletons />
        </>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {messages.fetchFailed}
        </p>
      ) : cards.length === 0 ? (
        <div className="dash-empty ps-card" role="status">
          <p>{messages.empty}</p>
        </div>
      ) : (
        <>
          <ul
            className={`dash-grid${list.isPlaceholderData ? ' dash-grid--stale' : ''}`}
            aria-label={label}
            aria-busy={list.isFetching}
          >
            {cards.map((card) => (
              <AgreementCard
                key={card._id}
                family={family}
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
                {cardLines?.(card)}
              </AgreementCard>
            ))}
          </ul>
          <Pagination
            page={query.page}
            totalPages={list.data?.totalPages ?? 1}
            total={list.data?.total ?? cards.length}
            onPage={onPage}
            noun={noun}
          />
        </>
      )}

      <AgreementActionDialogs
        family={family}
        pending={actions.pending}
        onConfirm={actions.confirm}
        onDismiss={actions.dismiss}
        copying={actions.copying}
        onCloseCopyLink={actions.closeCopyLink}
        changing={actions.changing}
        onCloseChangeSigner={actions.closeChangeSigner}
      />
      {detailsCard ? (
        <AgreementDetailsModal
          family={family}
          card={detailsCard}
          contactRows={contactRows}
          onClose={() => setDetailsCard(null)}
        />
      ) : null}
      {previewCard ? (
        <DocumentPreviewModal
          family={family}
          card={previewCard}
          onClose={() => setPreviewCard(null)}
        />
      ) : null}
    </>
  );
}
