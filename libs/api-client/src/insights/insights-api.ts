import {
  INSIGHTS_PATHS,
  insightsQueryString,
  type InsightsDigestSetting,
  type InsightsFilter,
  type InsightsResponse,
  type StalledAgreement,
} from '@prosign/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { agreementKeys } from '../agreements/agreement-hooks';
import type { ApiClient } from '../client/createApiClient';
import { useApiClient } from '../config/RuntimeConfigProvider';
import { useStaffRealtime } from '../realtime/useStaffRealtime';

type Reminder = NonNullable<StalledAgreement['reminder']>;

/** A dashboard route's path is under `/api` (`sow/send-reminder`); a full one is kept as it is. */
function apiPath(path: string): string {
  return path.startsWith('/api/') ? path : `/api/${path.replace(/^\/+/, '')}`;
}

/** The Insights page's calls (`INSIGHTS_PATHS`). */
const insightsApi = {
  /** `GET /api/insights?…`: every figure of the page for one filter. */
  figures: (client: ApiClient, filter: InsightsFilter, signal?: AbortSignal) =>
    client.get<InsightsResponse>(`${INSIGHTS_PATHS.data}?${insightsQueryString(filter)}`, {
      signal,
    }),
  digest: (client: ApiClient, signal?: AbortSignal) =>
    client.get<InsightsDigestSetting>(INSIGHTS_PATHS.digest, { signal }),
  saveDigest: (client: ApiClient, setting: InsightsDigestSetting) =>
    client.post<InsightsDigestSetting>(INSIGHTS_PATHS.digest, setting),
  /** A stalled agreement's reminder: the family's own dashboard call, as the answer names it. */
  remind: (client: ApiClient, reminder: Reminder) =>
    client.request<unknown>(apiPath(reminder.path), {
      method: reminder.method,
      body: reminder.body,
    }),
};

const insightsKeys = {
  all: ['insights'] as const,
  /** Every filter's figures (what a live change makes stale). */
  anyFigures: ['insights', 'figures'] as const,
  figures: (filter: InsightsFilter) =>
    ['insights', 'figures', insightsQueryString(filter)] as const,
  digest: ['insights', 'digest'] as const,
};

/** The page's figures; the previous filter's stay on screen while the next load. */
export function useInsights(filter: InsightsFilter) {
  const client = useApiClient();
  return useQuery({
    queryKey: insightsKeys.figures(filter),
    queryFn: ({ signal }) => insightsApi.figures(client, filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** The viewer's Monday digest setting. */
export function useInsightsDigest() {
  const client = useApiClient();
  return useQuery({
    queryKey: insightsKeys.digest,
    queryFn: ({ signal }) => insightsApi.digest(client, signal),
  });
}

/** Turns the viewer's Monday digest on or off; the answer is what the server kept. */
export function useSaveInsightsDigest() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: InsightsDigestSetting) => insightsApi.saveDigest(client, setting),
    onSuccess: (saved) => queryClient.setQueryData(insightsKeys.digest, saved),
  });
}

/**
 * Reminds a stalled agreement's signer; the figures and the family's dashboard lists are read
 * again once it settles (the reminder lock and the list move).
 */
export function useRemindStalled() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: StalledAgreement) => {
      if (!item.reminder) return Promise.reject(new Error(item.reminderRefusal ?? 'Not allowed.'));
      return insightsApi.remind(client, item.reminder);
    },
    onSettled: (_answer, _error, item) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
        queryClient.invalidateQueries({ queryKey: agreementKeys.family(item.family) }),
      ]),
  });
}

/** Changes heard within this long are read in one refetch (a bulk send is many events). */
const INSIGHTS_LIVE_DEBOUNCE_MS = 750;

/**
 * Keeps the figures current: an agreement or invoice changed in a staff room the viewer is in,
 * or the socket came back after a loss, refetches them (debounced); the events carry no figures.
 */
export function useInsightsLive(onRefetch?: () => void) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onRefetch);
  useEffect(() => {
    latest.current = onRefetch;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const refetchSoon = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current?.();
      void queryClient.invalidateQueries({ queryKey: insightsKeys.anyFigures });
    }, INSIGHTS_LIVE_DEBOUNCE_MS);
  };
  useStaffRealtime({
    onAgreementChanged: refetchSoon,
    onInvoiceChanged: refetchSoon,
    onReconnect: refetchSoon,
  });
}
