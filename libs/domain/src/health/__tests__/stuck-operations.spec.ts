import {
  SEAL_WAITING_MESSAGES,
  isWaitingSeal,
  sealLevelsBelow,
  type StuckOperation,
} from '../stuck-operations';

const finish: StuckOperation = {
  agreementId: 'a1',
  family: 'contract',
  operation: 'finish',
  failedStep: 'merged',
  lastError: `${SEAL_WAITING_MESSAGES[0]} (tsa.example did not answer)`,
  attempts: 3,
  failedAt: '2026-11-27T20:00:00.000Z',
  startedAt: '2026-11-27T19:50:00.000Z',
  givenUp: false,
};

describe('isWaitingSeal', () => {
  it('is a finish stopped after the merge, waiting for the time-stamp service or revocation data', () => {
    expect(isWaitingSeal(finish)).toBe(true);
    expect(isWaitingSeal({ ...finish, lastError: SEAL_WAITING_MESSAGES[1] })).toBe(true);
  });

  it('is nothing else: a send, another step, another error or none', () => {
    expect(isWaitingSeal({ ...finish, operation: 'send' })).toBe(false);
    expect(isWaitingSeal({ ...finish, failedStep: 'stored' })).toBe(false);
    expect(isWaitingSeal({ ...finish, lastError: 'ECONNREFUSED 127.0.0.1:9000' })).toBe(false);
    expect(isWaitingSeal({ ...finish, lastError: null })).toBe(false);
  });
});

describe('sealLevelsBelow', () => {
  it('lists the levels under the configured one, weakest first', () => {
    expect(sealLevelsBelow('B-LTA')).toEqual(['B-B', 'B-T', 'B-LT']);
    expect(sealLevelsBelow('B-T')).toEqual(['B-B']);
  });

  it('offers nothing below the lowest level or an unknown one', () => {
    expect(sealLevelsBelow('B-B')).toEqual([]);
    expect(sealLevelsBelow('X')).toEqual([]);
    expect(sealLevelsBelow(undefined)).toEqual([]);
  });
});
