import { Redis } from 'ioredis';
import { DealWriteLock } from '../src/modules/crm/deal-write-lock';
import { createTestEnv } from './support/test-env';

/**
 * Writes of one deal go one at a time over every worker (Redis): a late "sent" retried beside
 * "signed" after a CRM outage looked before "signed" recorded itself, and took the deal back
 * (bench/faults seed 51131). Two workers are two locks on one Redis here.
 */
describe('CRM: one write of a deal at a time', () => {
  const env = createTestEnv(__filename);
  let redis: Redis;
  let workerA: DealWriteLock;
  let workerB: DealWriteLock;

  beforeAll(() => {
    redis = new Redis(env.config.REDIS_URL);
    workerA = new DealWriteLock(redis, env.config);
    workerB = new DealWriteLock(redis, env.config);
  });

  afterAll(async () => {
    redis.disconnect();
    await env.cleanup();
  });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("runs two workers' writes of the same deal one after the other, of different deals side by side", async () => {
    const log: string[] = [];
    const write = (name: string) => async () => {
      log.push(`${name} start`);
      await pause(150);
      log.push(`${name} end`);
      return name;
    };

    await expect(
      Promise.all([
        workerA.whileHeld('deal-1', write('sent')),
        workerB.whileHeld('deal-1', write('signed')),
      ]),
    ).resolves.toEqual(['sent', 'signed']);
    expect(log).toEqual(['sent start', 'sent end', 'signed start', 'signed end']);

    log.length = 0;
    await Promise.all([
      workerA.whileHeld('deal-1', write('one')),
      workerB.whileHeld('deal-2', write('other')),
    ]);
    expect(log.slice(0, 2).sort()).toEqual(['one start', 'other start']);
  });

  it('frees the deal when a write fails', async () => {
    await expect(
      workerA.whileHeld('deal-3', () => Promise.reject(new Error('HubSpot down'))),
    ).rejects.toThrow('HubSpot down');
    await expect(workerB.whileHeld('deal-3', () => Promise.resolve('next'))).resolves.toBe('next');
  });
});
