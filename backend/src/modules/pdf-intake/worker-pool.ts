import { Worker } from 'node:worker_threads';

/** Why a job did not finish in the pool: a hung thread, a crashed one, or the pool closing. */
export class WorkerJobError extends Error {
  constructor(
    /** `Timeout`, `Exit`, `Closed`, or the name of the thread's uncaught error. */
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export interface WorkerPoolOptions {
  /** The thread's code (CommonJS, run with `eval`): answers each `{ id, job }` with `{ id, result }`. */
  source: string;
  workerData?: unknown;
  /** Threads at most, and so jobs at once; more wait their turn. */
  size: number;
  /** A job not answered in this time has its thread ended (and replaced) and fails `Timeout`. */
  timeoutMs: number;
  heapMb: number;
  /** A thread is ended after this many jobs, so what a file left behind in its heap goes too. */
  jobsPerThread: number;
}

interface Thread {
  worker: Worker;
  jobs: number;
  busy: boolean;
}

interface Waiting {
  job: unknown;
  transfer: ArrayBuffer[];
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * A few long-lived worker threads that take jobs in turn: a thread (and the modules it loads)
 * starts once, not per job, while a job that hangs or crashes its thread takes only that
 * thread with it — ended, and a fresh one started for the next job. Threads do not keep the
 * process alive while idle; {@link close} ends them.
 */
export class WorkerPool<Job, Result> {
  private readonly threads: Thread[] = [];
  private readonly waiting: Waiting[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  run(job: Job, transfer: ArrayBuffer[] = []): Promise<Result> {
    if (this.closed) return Promise.reject(new WorkerJobError('Closed', 'the pool is closed'));
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ job, transfer, resolve: resolve as (result: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Ends every thread; jobs still waiting or running fail `Closed`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.waiting.splice(0)) {
      waiting.reject(new WorkerJobError('Closed', 'the pool is closed'));
    }
    await Promise.all(this.threads.splice(0).map(({ worker }) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let thread = this.threads.find((candidate) => !candidate.busy);
      if (!thread) {
        if (this.threads.length >= this.options.size) return;
        thread = this.start();
      }
      this.runOn(thread, this.waiting.shift()!);
    }
  }

  private start(): Thread {
    const worker = new Worker(this.options.source, {
      eval: true,
      workerData: this.options.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
      stdout: true,
      stderr: true,
    });
    worker.unref();
    const thread: Thread = { worker, jobs: 0, busy: false };
    this.threads.push(thread);
    return thread;
  }

  private retire(thread: Thread): void {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    void thread.worker.terminate();
  }

  private runOn(thread: Thread, { job, transfer, resolve, reject }: Waiting): void {
    const { worker } = thread;
    const id = (this.nextId += 1);
    thread.busy = true;
    thread.jobs += 1;
    // A running job keeps the process alive, as any pending I/O does.
    worker.ref();
    const finish = (failed: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (failed || thread.jobs >= this.options.jobsPerThread) this.retire(thread);
      else {
        worker.unref();
        thread.busy = false;
      }
      if (!this.closed) this.dispatch();
    };
    const onMessage = (answer: { id: number; result: Result }) => {
      if (answer.id !== id) return;
      finish(false);
      resolve(answer.result);
    };
    const onError = (error: Error) => {
      finish(true);
      reject(new WorkerJobError(error.name || 'Error', error.message));
    };
    const onExit = (code: number) => {
      finish(true);
      reject(new WorkerJobError(this.closed ? 'Closed' : 'Exit', `the thread stopped (${code})`));
    };
    const timer = setTimeout(() => {
      finish(true);
      reject(new WorkerJobError('Timeout', 'the job took too long'));
    }, this.options.timeoutMs);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id, job }, transfer);
  }
}
