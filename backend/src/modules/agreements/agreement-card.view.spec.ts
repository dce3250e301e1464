import { sealWaitingOf } from './agreement-card.view';

describe('the card line of a seal that waits', () => {
  const startedAt = new Date('2026-11-27T18:00:00Z');
  const waiting = (lastError: string) => ({
    state: 'in_progress',
    failedStep: 'merged',
    lastError,
    startedAt,
  });

  it('says what the seal waits for, and since when', () => {
    expect(
      sealWaitingOf(waiting('Sealing is waiting for the time-stamp service: no TSA answered')),
    ).toEqual({ since: startedAt.toISOString(), waitingFor: 'time-stamp service' });
    expect(
      sealWaitingOf(waiting('Sealing is waiting for the revocation data of its certificates: x')),
    ).toEqual({ since: startedAt.toISOString(), waitingFor: 'revocation data' });
  });

  it('is null for any other stop, a completed finish, or none', () => {
    expect(sealWaitingOf(waiting('the mail service failed'))).toBeNull();
    expect(
      sealWaitingOf({
        ...waiting('Sealing is waiting for the time-stamp service'),
        failedStep: 'auditTrail',
      }),
    ).toBeNull();
    expect(
      sealWaitingOf({
        ...waiting('Sealing is waiting for the time-stamp service'),
        state: 'completed',
      }),
    ).toBeNull();
    expect(sealWaitingOf(null)).toBeNull();
  });
});
