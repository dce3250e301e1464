import { crmApi, useApiClient } from '@prosign/api-client';
import {
  CONTRACT_MESSAGES,
  extractCrmRecordId,
  SEARCH_DEBOUNCE_MS,
  type CrmRecordView,
} from '@prosign/domain';
import { Spinner } from '@prosign/ui';
import { useEffect, useId, useState } from 'react';

export interface DealSearchProps {
  value: string;
  onChange(text: string): void;
  /** A deal was picked from the list (or found from a pasted deal URL). */
  onPick(dealId: string, label: string): void;
}

const isUrlLike = (text: string) => /^https?:\/\//i.test(text.trim()) || /^\d+$/.test(text.trim());

export function dealLabel(deal: CrmRecordView): string {
  const p = deal.properties;
  const address = [p.address, p.city, p.state].filter(Boolean).join(', ');
  return address || p.dealname || `Deal ${deal.id}`;
}

/**
 * Deal search of the left panel (spec 2 §2.1): an address, or a pasted CRM deal
 * URL whose numeric id is used; searched 500 ms after the last keystroke.
 */
export function DealSearch({ value, onChange, onPick }: DealSearchProps) {
  const client = useApiClient();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{
    term: string;
    deals: CrmRecordView[];
    error?: string;
  } | null>(null);
  const term = value.trim();

  useEffect(() => {
    if (!term) {
      setResult(null);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const dealId = isUrlLike(term) ? extractCrmRecordId(term) : null;
      const lookup = dealId
        ? crmApi.fetchDealById(client, dealId).then((found) => [found.deal])
        : crmApi.dealsByAddress(client, term, controller.signal).then((found) => found.deals);
      lookup
        .then((deals) => {
          if (!controller.signal.aborted) setResult({ term, deals });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const status = (error as { statusCode?: number }).statusCode;
          setResult({
            term,
            deals: [],
            error: status === 404 ? undefined : `Error: ${(error as Error).message}`,
          });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, term]);

  const searching = term !== '' && result?.term !== term;
  return (
    <div className="ps-field ps-combobox">
      <label className="ps-field__label" htmlFor={`${listId}-input`}>
        Search deal by address or HubSpot deal link
      </label>
      <input
        id={`${listId}-input`}
        className="ps-input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        autoComplete="off"
        placeholder="Address or deal URL"
        value={value}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      />
      {open ? (
        <div className="ps-combobox__popup">
          {searching ? (
            <p className="ps-combobox__message">
              <Spinner size="small" /> Searching…
            </p>
          ) : !term ? (
            <p className="ps-combobox__message">{CONTRACT_MESSAGES.typeToSearch}</p>
          ) : result?.error ? (
            <p className="ps-combobox__message" role="alert">
              {result.error}
            </p>
          ) : !result?.deals.length ? (
            <p className="ps-combobox__message">{CONTRACT_MESSAGES.noMatchingAddresses}</p>
          ) : (
            <ul id={listId} role="listbox" className="ps-combobox__listbox" aria-label="Deals">
              {result.deals.map((deal) => (
                <li
                  key={deal.id}
                  role="option"
                  aria-selected={false}
                  className="ps-combobox__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    setOpen(false);
                    onPick(deal.id, dealLabel(deal));
                  }}
                >
                  {dealLabel(deal)}
                  {deal.properties.dealname ? (
                    <span className="ps-combobox__option-detail"> {deal.properties.dealname}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
