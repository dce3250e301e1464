import {
  AGREEMENT_FILTER_LABELS,
  FAMILY_FILTERS,
  PAGE_SIZE_OPTIONS,
  type AgreementFamily,
  type AgreementFilter,
} from '@prosign/domain';
import { useId, type ReactNode } from 'react';
import './agreements.css';

export interface AgreementToolbarProps {
  family: AgreementFamily;
  searchText: string;
  onSearchText: (text: string) => void;
  filters: readonly AgreementFilter[];
  onToggleFilter: (filter: AgreementFilter) => void;
  limit: number;
  onLimit: (limit: number) => void;
  /** The search box's label ("Search contracts"). */
  searchLabel?: string;
  searchPlaceholder?: string;
  /** Hides the filters (a list that has none of its own, e.g. change orders under Show CO). */
  showFilters?: boolean;
  /** Controls of the page beside page size (e.g. the Show CO switch). */
  children?: ReactNode;
}

/** Search, the family's filter checkboxes and page size above a list of agreements. */
export function AgreementToolbar({
  family,
  searchText,
  onSearchText,
  filters,
  onToggleFilter,
  limit,
  onLimit,
  searchLabel = 'Search contracts',
  searchPlaceholder = 'Name, email, company, address or phone',
  showFilters = true,
  children,
}: AgreementToolbarProps) {
  const searchId = useId();
  const sizeId = useId();
  return (
    <div className="dash-toolbar ps-card">
      <div className="dash-toolbar__row">
        <div className="ps-field dash-toolbar__search">
          <label className="ps-field__label" htmlFor={searchId}>
            {searchLabel}
          </label>
          <input
            id={searchId}
            className="ps-input"
            type="search"
            placeholder={searchPlaceholder}
            value={searchText}
            onChange={(event) => onSearchText(event.target.value)}
          />
        </div>
        <div className="ps-field dash-toolbar__size">
          <label className="ps-field__label" htmlFor={sizeId}>
            Per page
          </label>
          <select
            id={sizeId}
            className="ps-select"
            value={limit}
            onChange={(event) => onLimit(Number(event.target.value))}
          >
            {PAGE_SIZE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        {children}
      </div>
      {showFilters ? (
        <fieldset className="dash-filters">
          <legend className="dash-filters__legend">Filters</legend>
          {FAMILY_FILTERS[family].map((filter) => (
            <label key={filter} className="dash-check">
              <input
                type="checkbox"
                checked={filters.includes(filter)}
                onChange={() => onToggleFilter(filter)}
              />
              {AGREEMENT_FILTER_LABELS[filter]}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
