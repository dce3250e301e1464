import type { AgreementListQuery } from '@prosign/api-client';
import {
  DEFAULT_PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  toggleAgreementFilter,
  type AgreementFamily,
  type AgreementFilter,
} from '@prosign/domain';
import { useEffect, useMemo, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs`. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Re-reads the clock each minute, so reminder locks end on screen without a reload. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * What a family's dashboard asks for: search (sent 500 ms after the last
 * keystroke), the family's filters with the all/none rules, page size and
 * page. Any change of family, search, filters or size goes back to page 1.
 */
export function useAgreementListState(family: AgreementFamily) {
  const [searchText, setSearchText] = useState('');
  const [filters, setFilters] = useState<AgreementFilter[]>(['all']);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [pageState, setPageState] = useState({ page: 1, key: '' });
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  // The page belongs to one family/search/filters/size; when they change it is 1 again
  // (the contract dashboard switches family with Show CO).
  const key = `${family}|${search}|${filters.join(',')}|${limit}`;
  const page = pageState.key === key ? pageState.page : 1;

  const query: AgreementListQuery = useMemo(
    () => ({ page, limit, search, filters }),
    [page, limit, search, filters],
  );

  return {
    query,
    searchText,
    setSearchText,
    filters,
    toggleFilter: (filter: AgreementFilter) =>
      setFilters((current) => toggleAgreementFilter(family, current, filter)),
    limit,
    setLimit,
    page,
    setPage: (next: number) => setPageState({ page: next, key }),
  };
}
