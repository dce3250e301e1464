import {
  insightsQueryString,
  parseInsightsQuery,
  type InsightsFilter,
  type InsightsFilterResult,
  type InsightsQuery,
} from '@prosign/domain';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The filter's parameters in the page's address (others are left alone and ignored). */
const FILTER_KEYS = ['from', 'to', 'family', 'owner', 'pipeline', 'stalledDays'] as const;

/** Today as a calendar day on this computer (the api answers in the firm's time zone). */
function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function queryOf(params: URLSearchParams): InsightsQuery {
  const query: InsightsQuery = {};
  for (const key of FILTER_KEYS) {
    const values = params.getAll(key);
    if (values.length === 1) query[key] = values[0];
    else if (values.length > 1) query[key] = values;
  }
  return query;
}

/**
 * The page's filter, kept in its address (`?from=…&to=…&owner=…`) so a view can be shared or
 * bookmarked, read by the contract's parser: `result` is the filter or why the address is refused.
 * `apply` writes a new filter when the parser accepts it, else answers its message and changes
 * nothing.
 */
export function useInsightsFilters() {
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const search = params.toString();
  const result: InsightsFilterResult = useMemo(
    () => parseInsightsQuery(queryOf(new URLSearchParams(search)), today),
    [search, today],
  );

  const apply = (next: InsightsFilter): string | null => {
    const query = insightsQueryString(next);
    const checked = parseInsightsQuery(queryOf(new URLSearchParams(query)), today);
    if (!checked.ok) return checked.message;
    setParams(new URLSearchParams(query));
    return null;
  };
  const clear = () => setParams(new URLSearchParams());
  return { result, apply, clear, today };
}
