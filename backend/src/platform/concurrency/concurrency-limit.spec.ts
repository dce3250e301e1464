import { ConcurrencyLimit } from './concurrency-limit';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('starts no more than the limit at once and the others in order of arrival', async () => {
    const limit = new ConcurrencyLimit(2);
    const tasks = [0, 1, 2, 3].map(() => deferred<number>());
    const started: number[] = [];
    const results = tasks.map((task, i) =>
      limit.run(() => {
        started.push(i);
        return task.promise;
      }),
    );
    await flush();
    expect(started).toEqual([0, 1]);
    expect(limit.queued).toBe(2);

    tasks[1].resolve(1);
    await flush();
    expect(started).toEqual([0, 1, 2]);
    expect(limit.active).toBe(2);

    tasks[0].resolve(0);
    tasks[2].resolve(2);
    tasks[3].resolve(3);
    await expect(Promise.all(results)).resolves.toEqual([0, 1, 2, 3]);
    expect(limit.active).toBe(0);
    expect(limit.queued).toBe(0);
  });

  it('passes a failure to its caller and frees the slot', async () => {
    const limit = new ConcurrencyLimit(1);
    const failing = limit.run(() => Promise.reject(new Error('database away')));
    const next = limit.run(() => Promise.resolve('answered'));
    await expect(failing).rejects.toThrow('database away');
    await expect(next).resolves.toBe('answered');
    expect(limit.active).toBe(0);
  });

  it('frees the slot when a task throws before returning a promise', async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(
      limit.run(() => {
        throw new Error('bad input');
      }),
    ).rejects.toThrow('bad input');
    await expect(limit.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
