import { REPORT_COUNT_OPTIONS } from '@prosign/domain';
import { LoadingState } from '@prosign/ui';
import { Select } from '@prosign/ui/controls';
import { useFormControl } from '@prosign/ui/forms';
import { messageOf, type ContractCreation } from '../hooks/useContractCreation';
import { DealSearch } from './DealSearch';
import { DealSummaryCard } from './DealSummaryCard';

/** The first panel of `/`: the CRM deal, the service and its Title 24 report count. */
export function DealServicePanel({ creation }: { creation: ContractCreation }) {
  const { draft, update, services, formMethods, mutations, pickDeal } = creation;
  const { control } = formMethods;
  const serviceChoice = useFormControl({ control, name: 'serviceType' });
  const reportChoice = useFormControl({ control, name: 't24ReportCount' });
  const inForm = draft.step === 'form';
  return (
    <section className="ps-create__panel ps-card" aria-label="Deal and service">
      <DealSearch
        value={draft.search_term}
        onChange={(text) => update({ search_term: text })}
        onPick={pickDeal}
      />
      {mutations.dealLookup.isPending ? <LoadingState label="Loading the deal" /> : null}
      {draft.deal ? <DealSummaryCard deal={draft.deal} /> : null}
      <Select
        label="Service"
        placeholder="--Select--"
        options={(services.data ?? []).map((option) => ({
          value: option.serviceName,
          label: option.serviceName,
        }))}
        value={serviceChoice.value || null}
        onChange={(serviceType) => {
          serviceChoice.onChange(serviceType ?? '');
          update({ clauses: null, docLink: null });
        }}
        isDisabled={!inForm}
        errorMessage={
          services.isError ? `Error: ${messageOf(services.error)}` : serviceChoice.errorMessage
        }
      />
      {draft.serviceType ? (
        <Select
          label="Title 24 reports"
          placeholder="--Select--"
          options={REPORT_COUNT_OPTIONS.map((count) => ({
            value: String(count),
            label: String(count),
          }))}
          value={reportChoice.value || null}
          onChange={(count) => reportChoice.onChange(count ?? '')}
          isRequired
          isDisabled={!inForm}
          errorMessage={reportChoice.errorMessage}
        />
      ) : null}
    </section>
  );
}
