/** Business constants and limits (spec 1 §9). */

/** Data fetching: 3 retries, delay doubling from 1 s up to 30 s, cache kept 5 minutes. */
export const DATA_FETCHING = {
  retries: 3,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
  cacheRetentionMs: 5 * 60 * 1_000,
} as const;

/**
 * Answers that mean the request never reached a working api (the balancer's 502/504 while a
 * replica dies or restarts, a 503 while the api cannot reach its database or a step's service)
 * or no answer at all (status 0): the signer's calls are tried again on these, by the signing app
 * and by the fault benches alike. Those calls are safe to repeat (a repeated save records the
 * same value again, a repeated finish answers the same); nginx never repeats a POST itself.
 */
const GATEWAY_FAILURE_STATUSES: readonly number[] = [0, 502, 503, 504];

export function isGatewayFailure(status: number): boolean {
  return GATEWAY_FAILURE_STATUSES.includes(status);
}

/** Delay before retry number `attemptIndex + 1` (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelayMs(attemptIndex: number): number {
  const exponent = Math.max(0, Math.floor(attemptIndex));
  return Math.min(DATA_FETCHING.retryBaseDelayMs * 2 ** exponent, DATA_FETCHING.retryMaxDelayMs);
}

export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1_000;
export const SIGNER_INACTIVITY_THRESHOLD_MS = 30_000;

export const TOAST_DURATION_MS = { default: 3_000, long: 6_000 } as const;

export const SOCKET_RECONNECTION = {
  delayMs: 1_000,
  delayMaxMs: 5_000,
  timeoutMs: 20_000,
} as const;

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const INVOICE_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;
/** Address suggestions are looked up from this many typed characters on. */
export const ADDRESS_SEARCH_MIN_LENGTH = 2;
export const SERVICE_NAME_DISPLAY_LIMIT = 15;
export const REPORT_COUNT_OPTIONS = [0, 1, 2, 3, 4, 5] as const;

/** Times are shown in Pacific time, labelled PST. */
export const DISPLAY_TIME_ZONE = 'America/Los_Angeles';
export const DISPLAY_TIME_ZONE_LABEL = 'PST';

/** The staff layout switches to its mobile form at this width or less (spec 1 §2.2). */
export const MOBILE_LAYOUT_MAX_WIDTH_PX = 480;

/** Longest clause text of an agreement (overview, description, services, fee, licensing). */
export const CLAUSE_TEXT_MAX_LENGTH = 20_000;
/** Longest Terms and Conditions text. */
export const TERMS_TEXT_MAX_LENGTH = 40_000;
/**
 * Characters of text the largest form the UI sends can carry: an agreement's six
 * clauses, its engineer-fee copy and its Terms and Conditions (create-contract;
 * a contract send or a service carries fewer).
 */
export const LARGEST_FORM_TEXT_LENGTH = 7 * CLAUSE_TEXT_MAX_LENGTH + TERMS_TEXT_MAX_LENGTH;
