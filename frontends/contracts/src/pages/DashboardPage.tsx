import type { AgreementListQuery } from '@prosign/api-client';
import {
  allFamilies,
  familyDefinition,
  ROUTES,
  type AgreementFamily,
  type FamilyDefinition,
} from '@prosign/domain';
import { PageHeader } from '@prosign/ui';
import {
  AgreementDashboardList,
  AgreementToolbar,
  useAgreementListState,
  useEditAndResend,
} from '@prosign/ui/agreements';
import { startTransition, useOptimistic, type ComponentType } from 'react';
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

/** This page's own family; the families listed under it come behind a toggle each. */
const FAMILY = 'standard';

interface ListProps {
  family: AgreementFamily;
  query: AgreementListQuery;
  onPage: (page: number) => void;
}

function ContractList({ query, onPage }: ListProps) {
  const editAndResend = useEditAndResendContract();
  return (
    <AgreementDashboardList
      family={FAMILY}
      query={query}
      onPage={onPage}
      label="Contracts"
      loadingText="Loading contracts…"
      cardLines={(card) => <ContractCardLines card={card} />}
      contactRows={contractContactRows}
      onEditAndResend={editAndResend}
    />
  );
}

function ChangeOrderList({ query, onPage }: ListProps) {
  const editAndResend = useEditAndResendChangeOrder();
  return (
    <AgreementDashboardList
      family="co"
      query={query}
      onPage={onPage}
      label="Change orders"
      loadingText="Loading change orders…"
      noun="change orders"
      cardLines={(card) => <ChangeOrderCardLines card={card} />}
      contactRows={changeOrderContactRows}
      onEditAndResend={editAndResend}
    />
  );
}

/** The list of a family listed here without parts of its own, in its definition's words. */
function RegisteredFamilyList({ family, query, onPage }: ListProps) {
  const definition = familyDefinition(family);
  const plural = definition.pluralNoun;
  const editAndResend = useEditAndResend(family, {
    storageKey: `editAndResend.${family}`,
    route: definition.creationPath ?? ROUTES.dashboard,
  });
  return (
    <AgreementDashboardList
      family={family}
      query={query}
      onPage={onPage}
      label={`${plural.charAt(0).toUpperCase()}${plural.slice(1)}`}
      loadingText={`Loading ${plural}…`}
      noun={plural}
      onEditAndResend={editAndResend}
    />
  );
}

/** What a family listed here shows: its toggle, its search box's words and its list. */
interface ListedFamilyParts {
  toggle: string;
  searchLabel: string;
  searchPlaceholder?: string;
  List: ComponentType<ListProps>;
}

/** The built-in family listed here (spec 2 §2.4: Show CO), with parts of its own. */
const LISTED_PARTS: Partial<Record<AgreementFamily, ListedFamilyParts>> = {
  co: {
    toggle: 'Show CO',
    searchLabel: 'Search change orders',
    searchPlaceholder: 'Signatory, email, phone, project address, deal ID or label',
    List: ChangeOrderList,
  },
};

function listedParts(definition: FamilyDefinition): ListedFamilyParts {
  return (
    LISTED_PARTS[definition.id] ?? {
      toggle: `Show ${definition.pluralNoun}`,
      searchLabel: `Search ${definition.pluralNoun}`,
      List: RegisteredFamilyList,
    }
  );
}

/**
 * /dashboard (spec 2 §2.3, §2.4): every contract with its status, actions and
 * history; with Show CO, the change orders instead (same search, filters,
 * page size and paging). Every family whose definition lists it under this
 * page (`dashboard.listedUnder`) has such a toggle; its search parameter is its
 * id (`?co=1`), which keeps it on across reloads and back/forward.
 */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const listed = allFamilies().filter((family) => family.dashboard.listedUnder === FAMILY);
  const shown = listed.find((family) => searchParams.get(family.id) === '1');
  const family: AgreementFamily = shown?.id ?? FAMILY;
  // The address changes in a transition (React Router): the box shows the click at once,
  // not only when the list has switched (a slow machine showed it unticked meanwhile).
  const [tickedFamily, setTickedFamily] = useOptimistic(family);
  const listState = useAgreementListState(family);
  const shownParts = shown ? listedParts(shown) : null;
  const List = shownParts?.List ?? ContractList;

  const show = (id: AgreementFamily, on: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const other of listed) next.delete(other.id);
        if (on) next.set(id, '1');
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
        {...(shownParts
          ? { searchLabel: shownParts.searchLabel, searchPlaceholder: shownParts.searchPlaceholder }
          : {})}
      >
        {listed.map((definition) => (
          <label key={definition.id} className="dash-check dash-toolbar__co">
            <input
              type="checkbox"
              checked={tickedFamily === definition.id}
              onChange={(event) => {
                const on = event.target.checked;
                startTransition(() => {
                  setTickedFamily(on ? definition.id : FAMILY);
                  show(definition.id, on);
                });
              }}
            />
            {listedParts(definition).toggle}
          </label>
        ))}
      </AgreementToolbar>

      <List key={family} family={family} query={listState.query} onPage={listState.setPage} />
    </div>
  );
}
