import type { ContractListQuery } from '@prosign/api-client';
import {
  DEFAULT_PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  toggleDashboardFilter,
  type DashboardFilter,
} from '@prosign/domain';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * What the dashboard asks for: search (sent 500 ms after the last keystroke),
 * filters with the all/none rules, page size and page. Any change of search,
 * filters or size goes back to page 1.
 */
export function useDashboardQuery() {
  const [searchText, setSearchText] = useState('');
  const [filters, setFilters] = useState<DashboardFilter[]>(['all']);
  const [limit, setLimitState] = useState<number>(DEFAULT_PAGE_SIZE);
  const [pageState, setPageState] = useState({ page: 1, key: '' });
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  // The page belongs to one search/filters/size; when they change it is 1 again.
  const key = `${search}|${filters.join(',')}|${limit}`;
  const page = pageState.key === key ? pageState.page : 1;

  const query: ContractListQuery = useMemo(
    () => ({ page, limit, search, filters }),
    [page, limit, search, filters],
  );

  return {
    query,
    searchText,
    setSearchText,
    filters,
    toggleFilter: (filter: DashboardFilter) =>
      setFilters((current) => toggleDashboardFilter(current, filter)),
    limit,
    setLimit: setLimitState,
    page,
    setPage: (next: number) => setPageState({ page: next, key }),
  };
}
