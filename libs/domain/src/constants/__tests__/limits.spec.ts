import { isGatewayFailure, retryDelayMs } from '../limits';

describe('retryDelayMs', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

describe('isGatewayFailure', () => {
  it('is no answer, or the balancer or api saying it could not serve the call now', () => {
    expect([0, 502, 503, 504].every(isGatewayFailure)).toBe(true);
  });

  it('is not an answer the call itself earned', () => {
    expect([200, 400, 404, 409, 429, 500].some(isGatewayFailure)).toBe(false);
  });
});
