import type { AgreementFamily } from '@prosign/domain';
import { PageHeader } from '@prosign/ui';
import {
  AgreementDashboardList,
  AgreementToolbar,
  useAgreementListState,
} from '@prosign/ui/agreements';
import { startTransition, useOptimistic } from 'react';
import { useSearchParams } from 'react-router';
import {
  ChangeOrderCardLines,
  changeOrderContactRows,
  useEditAndResendChangeOrder,
} from '../dashboard/components/ChangeOrderParts';
import {
  ContractCardLines,
  contractContactRows,
  useEditAndResendContract,
} from '../dashboard/components/StandardContractParts';
import '../dashboard/dashboard.css';

/** The search parameter that keeps Show CO on across reloads and back/forward (`?co=1`). */
const SHOW_CO_PARAM = 'co';

/**
 * /dashboard (spec 2 §2.3, §2.4): every contract with its status, actions and
 * history; with Show CO, the change orders instead (same search, filters,
 * page size and paging).
 */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const showChangeOrders = searchParams.get(SHOW_CO_PARAM) === '1';
  // The address changes in a transition (React Router): the box shows the click at once,
  // not only when the list has switched (a slow machine showed it unticked meanwhile).
  const [showCoTicked, setShowCoTicked] = useOptimistic(showChangeOrders);
  const family: AgreementFamily = showChangeOrders ? 'co' : 'standard';
  const listState = useAgreementListState(family);
  const editAndResendContract = useEditAndResendContract();
  const editAndResendChangeOrder = useEditAndResendChangeOrder();

  const setShowChangeOrders = (show: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (show) next.set(SHOW_CO_PARAM, '1');
        else next.delete(SHOW_CO_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="ps-page dash-page">
      <PageHeader
        title="Contract Dashboard"
        description="Track every contract with its status, signers, reminders and history."
      />
      <AgreementToolbar
        family={family}
        searchText={listState.searchText}
        onSearchText={listState.setSearchText}
        filters={listState.filters}
        onToggleFilter={listState.toggleFilter}
        limit={listState.limit}
        onLimit={listState.setLimit}
        {...(showChangeOrders
          ? {
              searchLabel: 'Search change orders',
              searchPlaceholder: 'Signatory, email, phone, project address, deal ID or label',
            }
          : {})}
      >
        <label className="dash-check dash-toolbar__co">
          <input
            type="checkbox"
            checked={showCoTicked}
            onChange={(event) => {
              const show = event.target.checked;
              startTransition(() => {
                setShowCoTicked(show);
                setShowChangeOrders(show);
              });
            }}
          />
          Show CO
        </label>
      </AgreementToolbar>

      {showChangeOrders ? (
        <AgreementDashboardList
          key="co"
          family="co"
          query={listState.query}
          onPage={listState.setPage}
          label="Change orders"
          loadingText="Loading change orders…"
          noun="change orders"
          cardLines={(card) => <ChangeOrderCardLines card={card} />}
          contactRows={changeOrderContactRows}
          onEditAndResend={editAndResendChangeOrder}
        />
      ) : (
        <AgreementDashboardList
          key="standard"
          family="standard"
          query={listState.query}
          onPage={listState.setPage}
          label="Contracts"
          loadingText="Loading contracts…"
          cardLines={(card) => <ContractCardLines card={card} />}
          contactRows={contractContactRows}
          onEditAndResend={editAndResendContract}
        />
      )}
    </div>
  );
}
