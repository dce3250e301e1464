import { familyDefinition, TOAST_DURATION_MS, type AgreementFamily } from '@prosign/domain';
import { PageHeader, useToast } from '@prosign/ui';
import {
  AgreementDashboardList,
  AgreementToolbar,
  useAgreementListState,
  useEditAndResend,
} from '@prosign/ui/agreements';

/** Where a registered family's Edit and Resend keeps the record its creation screen opens with. */
function editAndResendStorageKey(family: AgreementFamily): string {
  return `editAndResend.${family}`;
}

/**
 * Edit and Resend of a family with no screens of its own: the record is kept for
 * its creation screen when its definition names one; without one there is
 * nowhere to edit it, and the dashboard says so.
 */
function useRegisteredEditAndResend(family: AgreementFamily) {
  const definition = familyDefinition(family);
  const toast = useToast();
  const openCreation = useEditAndResend(family, {
    storageKey: editAndResendStorageKey(family),
    route: definition.creationPath ?? definition.dashboard.path,
  });
  return definition.creationPath
    ? openCreation
    : () =>
        toast.error(
          `A ${definition.noun} is edited on its creation screen, which this app does not have.`,
          TOAST_DURATION_MS.long,
        );
}

/**
 * The dashboard of a family registered at start without screens of its own
 * (docs/architecture.md#contract-families-on-one-agreement-core): its cards with
 * the shared toolbar and list (filters, search, page size, card actions,
 * details, loading, empty and error states), titled and worded by its
 * definition. The staff layout keeps it behind the definition's dashboard flag.
 */
export function FamilyDashboardPage({ family }: { family: AgreementFamily }) {
  const definition = familyDefinition(family);
  const listState = useAgreementListState(family);
  const editAndResend = useRegisteredEditAndResend(family);
  const plural = definition.pluralNoun;

  return (
    <div className="ps-page dash-page">
      <PageHeader
        title={`${definition.label} Dashboard`}
        description={`Track every ${definition.noun} with its status, signers, reminders and history.`}
      />
      <AgreementToolbar
        family={family}
        searchText={listState.searchText}
        onSearchText={listState.setSearchText}
        filters={listState.filters}
        onToggleFilter={listState.toggleFilter}
        limit={listState.limit}
        onLimit={listState.setLimit}
        searchLabel={`Search ${plural}`}
      />
      <AgreementDashboardList
        key={family}
        family={family}
        query={listState.query}
        onPage={listState.setPage}
        label={`${plural.charAt(0).toUpperCase()}${plural.slice(1)}`}
        loadingText={`Loading ${plural}…`}
        noun={plural}
        onEditAndResend={editAndResend}
      />
    </div>
  );
}
