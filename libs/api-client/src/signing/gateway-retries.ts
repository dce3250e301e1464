import { DATA_FETCHING, isGatewayFailure, retryDelayMs } from '@prosign/domain';
import { isApiError } from '../client/ApiError';

/**
 * The signer's calls again, each tried up to DATA_FETCHING.retries more times when it met
 * a gateway failure (no answer, 502, 503, 504: an api replica died or restarted mid-call),
 * waiting 1 s, 2 s, 4 s between. Only calls safe to repeat are named: a signer never sees a
 * restart the next try gets past, and nginx, which never repeats a POST, need not.
 */
export function withGatewayRetries<T extends object>(
  api: T,
  calls: readonly (keyof T)[],
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): T {
  const retried: T = { ...api };
  for (const name of calls) {
    const call = api[name];
    if (typeof call !== 'function') continue;
    retried[name] = (async (...args: unknown[]) => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await (call as (...a: unknown[]) => Promise<unknown>).apply(api, args);
        } catch (error) {
          const gateway = isApiError(error) && isGatewayFailure(error.statusCode);
          if (!gateway || attempt >= DATA_FETCHING.retries) throw error;
          await wait(retryDelayMs(attempt));
        }
      }
    }) as T[keyof T];
  }
  return retried;
}
