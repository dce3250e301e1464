import { PageHeader } from '@prosign/ui';
import {
  AgreementDashboardList,
  AgreementToolbar,
  useAgreementListState,
} from '@prosign/ui/agreements';
import { SowCardLines, sowContactRows, useEditAndResendSow } from '../sow-dashboard/SowCardParts';

const FAMILY = 'sow';

/**
 * /sow-dashboard (spec 3 §2, §4, §9): every sent SOW with its status, the
 * actions this staff member may take on it, its details and its document,
 * kept current by the staff socket.
 */
export function SowDashboardPage() {
  const listState = useAgreementListState(FAMILY);
  const editAndResend = useEditAndResendSow();

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
      <AgreementDashboardList
        family={FAMILY}
        query={listState.query}
        onPage={listState.setPage}
        label="SOW contracts"
        loadingText="Loading SOW contracts…"
        noun="SOW contracts"
        cardLines={(card) => <SowCardLines card={card} />}
        contactRows={sowContactRows}
        onEditAndResend={editAndResend}
      />
    </div>
  );
}
