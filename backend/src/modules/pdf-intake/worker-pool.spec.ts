import { WorkerJobError, WorkerPool } from './worker-pool';

/** A thread that doubles numbers, hangs on 'hang', crashes on 'crash', and says which thread it is. */
const SOURCE = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, job }) => {
  if (job === 'hang') for (;;) {}
  if (job === 'crash') throw new RangeError('the file broke the reader');
  if (job === 'exit') process.exit(3);
  parentPort.postMessage({ id, result: { doubled: job * 2, threadId } });
});
`;

type Job = number | 'hang' | 'crash' | 'exit';
type Result = { doubled: number; threadId: number };

describe('WorkerPool', () => {
  let pool: WorkerPool<Job, Result>;
  const make = (size = 1, jobsPerThread = 100) => {
    pool = new WorkerPool<Job, Result>({
      source: SOURCE,
      size,
      timeoutMs: 1500,
      heapMb: 64,
      jobsPerThread,
    });
    return pool;
  };

  afterEach(() => pool.close());

  it('keeps its thread between jobs', async () => {
    make();
    const first = await pool.run(1);
    const second = await pool.run(2);
    expect([first.doubled, second.doubled]).toEqual([2, 4]);
    expect(second.threadId).toBe(first.threadId);
  });

  it('ends a hung thread at the time limit, and the next job runs on a new one', async () => {
    make();
    const before = await pool.run(1);
    const started = Date.now();
    await expect(pool.run('hang')).rejects.toMatchObject({ reason: 'Timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
    const after = await pool.run(5);
    expect(after.doubled).toBe(10);
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('fails the job whose thread crashed or exited, and runs the next', async () => {
    make();
    await expect(pool.run('crash')).rejects.toEqual(
      new WorkerJobError('RangeError', 'the file broke the reader'),
    );
    expect((await pool.run(3)).doubled).toBe(6);
    await expect(pool.run('exit')).rejects.toMatchObject({ reason: 'Exit' });
    expect((await pool.run(4)).doubled).toBe(8);
  });

  it('runs at most `size` jobs at once: a job waiting behind a hung one still runs', async () => {
    make(2);
    const hung = pool.run('hang');
    const answers = await Promise.all([1, 2, 3, 4].map((job) => pool.run(job)));
    expect(answers.map((answer) => answer.doubled)).toEqual([2, 4, 6, 8]);
    // One thread hung, so the four ran on the other.
    expect(new Set(answers.map((answer) => answer.threadId)).size).toBe(1);
    await expect(hung).rejects.toMatchObject({ reason: 'Timeout' });
  });

  it('starts a fresh thread after jobsPerThread jobs', async () => {
    make(1, 2);
    const ids = [];
    for (const job of [1, 2, 3]) ids.push((await pool.run(job)).threadId);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('fails waiting and running jobs when closed, and takes no more', async () => {
    make(1);
    const jobs = Promise.allSettled([pool.run('hang'), pool.run(1)]);
    await pool.close();
    const reasons = (await jobs).map((job) => job.status === 'rejected' && job.reason.reason);
    expect(reasons).toEqual(['Closed', 'Closed']);
    await expect(pool.run(2)).rejects.toMatchObject({ reason: 'Closed' });
  });
});
