import { ApiError, QUERY_CLIENT_DEFAULTS, createQueryClient, shouldRetry } from '../index';

describe('query client defaults (spec 1 §9)', () => {
  it('keeps data 5 minutes and waits 1 s, 2 s, 4 s … up to 30 s between retries', () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.gcTime).toBe(5 * 60 * 1000);
    const delay = defaults.retryDelay as (attempt: number, error: unknown) => number;
    expect([0, 1, 2, 10].map((attempt) => delay(attempt, new Error('x')))).toEqual([
      1000, 2000, 4000, 30000,
    ]);
    expect(QUERY_CLIENT_DEFAULTS.queries?.retry).toBe(shouldRetry);
  });

  it('retries failures 3 times', () => {
    const error = new ApiError(503, 'Service Unavailable', 'Service Unavailable');
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, error))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('does not retry answers a retry cannot change', () => {
    expect(shouldRetry(0, new ApiError(404, 'Not found', 'Not Found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'Slow down', 'Too Many Requests'))).toBe(true);
  });
});
