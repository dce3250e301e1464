import {
  AGREEMENT_FILTER_LABELS,
  familyFilters,
  PAGE_SIZE_OPTIONS,
  type AgreementFamily,
  type AgreementFilter,
} from '@prosign/domain';
import { useId, useState, type ReactNode } from 'react';
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

/**
 * Search, the family's filter checkboxes and page size above a list of
 * agreements. On phones the filters fold behind a Filters button, and the
 * active ones show as chips (a chip's × takes its filter off).
 */
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
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const active = familyFilters(family).filter((filter) => filters.includes(filter));
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
        <div className="dash-filters-bar">
          <button
            type="button"
            className="ps-button dash-filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters
            <span className="dash-filters-toggle__count">{active.length}</span>
          </button>
          <ul className="dash-filter-chips" aria-label="Active filters">
            {active.map((filter) => (
              <li key={filter} className="dash-filter-chip">
                {AGREEMENT_FILTER_LABELS[filter]}
                {filter === 'all' ? null : (
                  <button
                    type="button"
                    className="dash-filter-chip__remove"
                    aria-label={`Remove filter ${AGREEMENT_FILTER_LABELS[filter]}`}
                    onClick={() => onToggleFilter(filter)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {showFilters ? (
        <fieldset
          id={filtersId}
          className={`dash-filters${filtersOpen ? ' dash-filters--open' : ''}`}
        >
          <legend className="dash-filters__legend">Filters</legend>
          {familyFilters(family).map((filter) => (
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
