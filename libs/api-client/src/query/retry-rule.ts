import { DATA_FETCHING } from '@prosign/domain';
import { isApiError } from '../client/ApiError';

// A module of its own, without TanStack Query: the signing page's link check uses it
// before the captcha, where the data layer is not loaded yet.

/**
 * Retry up to 3 times (spec 1 §9), except answers that will not change on a
 * retry: client errors other than 408 (timeout) and 429 (rate limit).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= DATA_FETCHING.retries) return false;
  if (
    isApiError(error) &&
    error.isClientError &&
    error.statusCode !== 408 &&
    error.statusCode !== 429
  )
    return false;
  return true;
}
