import {
  DASHBOARD_FILTER_LABELS,
  DASHBOARD_FILTERS,
  PAGE_SIZE_OPTIONS,
  type DashboardFilter,
} from '@prosign/domain';
import { useId } from 'react';

export interface DashboardToolbarProps {
  searchText: string;
  onSearchText: (text: string) => void;
  filters: readonly DashboardFilter[];
  onToggleFilter: (filter: DashboardFilter) => void;
  limit: number;
  onLimit: (limit: number) => void;
  showChangeOrders: boolean;
  onShowChangeOrders: (show: boolean) => void;
}

/** Search, filters, page size and the Show CO switch above the cards. */
export function DashboardToolbar(props: DashboardToolbarProps) {
  const searchId = useId();
  const sizeId = useId();
  return (
    <div className="dash-toolbar ps-card">
      <div className="dash-toolbar__row">
        <div className="ps-field dash-toolbar__search">
          <label className="ps-field__label" htmlFor={searchId}>
            Search contracts
          </label>
          <input
            id={searchId}
            className="ps-input"
            type="search"
            placeholder="Name, email, company, address or phone"
            value={props.searchText}
            onChange={(event) => props.onSearchText(event.target.value)}
          />
        </div>
        <div className="ps-field dash-toolbar__size">
          <label className="ps-field__label" htmlFor={sizeId}>
            Per page
          </label>
          <select
            id={sizeId}
            className="ps-select"
            value={props.limit}
            onChange={(event) => props.onLimit(Number(event.target.value))}
          >
            {PAGE_SIZE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <label className="dash-check dash-toolbar__co">
          <input
            type="checkbox"
            checked={props.showChangeOrders}
            onChange={(event) => props.onShowChangeOrders(event.target.checked)}
          />
          Show CO
        </label>
      </div>
      {props.showChangeOrders ? null : (
        <fieldset className="dash-filters">
          <legend className="dash-filters__legend">Filters</legend>
          {DASHBOARD_FILTERS.map((filter) => (
            <label key={filter} className="dash-check">
              <input
                type="checkbox"
                checked={props.filters.includes(filter)}
                onChange={() => props.onToggleFilter(filter)}
              />
              {DASHBOARD_FILTER_LABELS[filter]}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
