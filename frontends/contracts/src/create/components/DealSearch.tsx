import { crmApi, useApiClient } from '@prosign/api-client';
import {
  CONTRACT_MESSAGES,
  extractCrmRecordId,
  SEARCH_DEBOUNCE_MS,
  type CrmRecordView,
} from '@prosign/domain';
import { Combobox } from '@prosign/ui/controls';

export interface DealSearchProps {
  value: string;
  onChange(text: string): void;
  /** A deal was picked from the list (or found from a pasted deal URL). */
  onPick(dealId: string, label: string): void;
}

const isUrlLike = (text: string) => /^https?:\/\//i.test(text) || /^\d+$/.test(text);

function dealLabel(deal: CrmRecordView): string {
  const p = deal.properties;
  const address = [p.address, p.city, p.state].filter(Boolean).join(', ');
  return address || p.dealname || `Deal ${deal.id}`;
}

/**
 * Deal search of the left panel (spec 2 §2.1) on the shared Combobox: an
 * address, or a pasted CRM deal URL whose numeric id is used; searched 500 ms
 * after the last keystroke. A deal the CRM does not know is "No matching addresses".
 */
export function DealSearch({ value, onChange, onPick }: DealSearchProps) {
  const client = useApiClient();
  const search = async (term: string, signal: AbortSignal): Promise<CrmRecordView[]> => {
    const dealId = isUrlLike(term) ? extractCrmRecordId(term) : null;
    try {
      return dealId
        ? [(await crmApi.fetchDealById(client, dealId)).deal]
        : (await crmApi.dealsByAddress(client, term, signal)).deals;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return [];
      throw error;
    }
  };
  return (
    <Combobox<CrmRecordView>
      label="Search deal by address or HubSpot deal link"
      listLabel="Deals"
      placeholder="Address or deal URL"
      menuTrigger="focus"
      // The text of the last deal is replaced, not added to, by the next address typed.
      selectOnFocus
      allowsCustomValue
      inputValue={value}
      onInputChange={onChange}
      loadOptions={search}
      getKey={(deal) => deal.id}
      getLabel={dealLabel}
      renderOption={(deal) => (
        <span className="ps-listbox__text">
          <span>{dealLabel(deal)}</span>
          {deal.properties.dealname ? (
            <span className="ps-listbox__detail">{deal.properties.dealname}</span>
          ) : null}
        </span>
      )}
      onSelect={(deal) => {
        if (deal) onPick(deal.id, dealLabel(deal));
      }}
      debounceMs={SEARCH_DEBOUNCE_MS}
      idleText={CONTRACT_MESSAGES.typeToSearch}
      emptyText={CONTRACT_MESSAGES.noMatchingAddresses}
      failedText={(error) => `Error: ${(error as Error).message}`}
    />
  );
}
