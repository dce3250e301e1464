import { Backoffs, type JobsOptions, type MinimalJob } from 'bullmq';
import { loadConfig } from '../../platform/config/load-config';
import { enqueueMove } from './crm-stage-moves';

const REQUIRED = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/prosign',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

/** The options a CRM write is queued with, under `env`. */
async function queuedOptions(env: Record<string, string> = {}): Promise<JobsOptions> {
  const added: JobsOptions[] = [];
  const queue = {
    add: async (_name: string, _data: unknown, options: JobsOptions) => {
      added.push(options);
    },
  };
  await enqueueMove(
    queue as never,
    { _id: 'standard-signed.0123456789abcdef01234567', requeues: 0 },
    loadConfig({ ...REQUIRED, ...env }),
  );
  return added[0];
}

/** When each try of a job that keeps failing runs, in seconds after the first, as BullMQ schedules them. */
function tryTimes(options: JobsOptions): number[] {
  const backoff = Backoffs.normalize(options.backoff!)!;
  const times = [0];
  for (let made = 1; made < (options.attempts ?? 1); made += 1) {
    const wait = Backoffs.calculate(backoff, made, new Error('down'), {} as MinimalJob) as number;
    times.push(times[times.length - 1] + wait / 1000);
  }
  return times;
}

/**
 * The CRM down for a while (bench/faults keeps it down 10 minutes while signers
 * finish) is ridden out by a write's own retries, with no admin: they go on for well over half
 * an hour before the write is marked failed for the admins' list.
 */
describe('the retries of a queued CRM write', () => {
  it('go on for about 43 minutes with the defaults, soon at first, then doubling', async () => {
    const times = tryTimes(await queuedOptions());

    expect(times).toEqual([0, 5, 15, 35, 75, 155, 315, 635, 1275, 2555]);
    expect(times[times.length - 1]).toBeGreaterThan(30 * 60);
    // After a 10-minute outage from its first try, the write's next try comes 35 s after the CRM's return.
    expect(times.find((t) => t >= 600)).toBe(635);
  });

  it('follow CRM_MOVE_ATTEMPTS and CRM_RETRY_DELAY_MS', async () => {
    const options = await queuedOptions({ CRM_MOVE_ATTEMPTS: '4', CRM_RETRY_DELAY_MS: '1000' });

    expect(options).toMatchObject({ attempts: 4 });
    expect(tryTimes(options)).toEqual([0, 1, 3, 7]);
  });
});
