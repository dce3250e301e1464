import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_VERSION } from '../config/app-version';

/** The process a registry belongs to: only the api counts what every process shares (queues, outboxes). */
export type MetricsRole = 'api' | 'worker' | 'seed' | 'migrate';

/**
 * What the api's gauges read at scrape time: numbers about the whole installation (every
 * replica sees the same queues and stores), so one process kind exports them, not each worker.
 */
export interface ClusterReadings {
  /** Jobs per queue and state. */
  queueJobs(): Promise<Array<{ queue: string; state: string; count: number }>>;
  /** Seconds the oldest waiting job of each queue has waited (0 when none waits). */
  oldestWaitingAges(): Promise<Array<{ queue: string; seconds: number }>>;
  /** Mails recorded and not yet sent (queued, sending, retrying). */
  mailBacklog(): Promise<number>;
  /** CRM writes recorded and not yet written (queued, retrying). */
  crmBacklog(): Promise<number>;
  /** Seals waiting for a trusted time stamp: how many, and since when the oldest waits. */
  sealsWaitingForTimestamp(): Promise<{ count: number; oldestSince: Date | null }>;
}

/** A gauge whose reading fails is left out of that scrape (its series vanish) rather than failing it. */
type Failure = (name: string, error: unknown) => void;

/**
 * How long a scrape waits for one reading: while Redis or MongoDB is down their clients queue
 * commands, and a scrape must still answer (without that gauge) before Prometheus gives up.
 */
const READING_TIMEOUT_MS = 5000;

function withinTimeout<T>(reading: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READING_TIMEOUT_MS} ms`)),
      READING_TIMEOUT_MS,
    );
  });
  return Promise.race([reading, timeout]).finally(() => clearTimeout(timer));
}

let nodeMetrics: Registry | undefined;

/**
 * Node's own metrics (CPU, memory, event loop lag, GC) under their usual names, for stock
 * dashboards: collected once per process. prom-client's GC observer lives as long as the
 * process and keeps the registry it writes to, so that registry must hold nothing else: a
 * registry of an app's own gauges would keep the whole app alive after it closed (each test
 * file starts many apps in one process).
 */
function processRegistry(): Registry {
  if (!nodeMetrics) {
    nodeMetrics = new Registry();
    collectDefaultMetrics({ register: nodeMetrics });
  }
  return nodeMetrics;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];
const SEAL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

/**
 * The process's one Prometheus registry (docs: README, Metrics): Node's process metrics and
 * the product's, named `prosign_*` with their unit. Labels are bounded sets only: a route is
 * its pattern (`/api/signing/:token/finish`), never the requested path, so no signing token,
 * agreement id or query ever becomes a label value.
 */
export class ProductMetrics {
  /** The product's series; Node's own are the process's (processRegistry). */
  private readonly own = new Registry();

  /** What this process serves at /metrics: the product's series and Node's. */
  get registry(): Registry {
    return Registry.merge([processRegistry(), this.own]);
  }

  /** Api: every HTTP request by matched route pattern, method and status code. */
  readonly httpRequestDuration = new Histogram({
    name: 'prosign_http_request_duration_seconds',
    help: 'Time from an HTTP request to its response, by matched route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.own],
  });

  /** Worker: every job run (an attempt), by queue, job name and outcome. */
  readonly jobDuration = new Histogram({
    name: 'prosign_job_duration_seconds',
    help: 'Time a job attempt ran in the worker, by queue, job name and outcome (completed, failed)',
    labelNames: ['queue', 'name', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.own],
  });

  readonly jobFailures = new Counter({
    name: 'prosign_job_failures_total',
    help: 'Job attempts that failed (each retry counts), by queue and job name',
    labelNames: ['queue', 'name'] as const,
    registers: [this.own],
  });

  /** The last signature of an agreement is in: the agreement is signed (its seal follows). */
  readonly signingsCompleted = new Counter({
    name: 'prosign_signings_completed_total',
    help: 'Agreements whose last signature was recorded (signed), by family',
    labelNames: ['family'] as const,
    registers: [this.own],
  });

  readonly sealDuration = new Histogram({
    name: 'prosign_seal_duration_seconds',
    help: 'Time to seal a signed PDF (seals that completed), time stamps and revocation data included, by PAdES level',
    labelNames: ['level'] as const,
    buckets: SEAL_BUCKETS,
    registers: [this.own],
  });

  constructor(
    readonly role: MetricsRole,
    private readonly onFailure: Failure = () => undefined,
  ) {
    // Which process and version answers: always one series, so dashboards can list the processes.
    new Gauge({
      name: 'prosign_build_info',
      help: 'Always 1: the process kind (api, worker) and the backend version',
      labelNames: ['process', 'version'] as const,
      registers: [this.own],
    }).set({ process: role, version: APP_VERSION }, 1);
  }

  /** The api's gauges over the whole installation, read at each scrape from `readings`. */
  readClusterGauges(readings: ClusterReadings): void {
    /** A gauge set, at each scrape, to what `read` answers in time: its labels and values. */
    const gauge = <L extends string>(
      name: string,
      help: string,
      labelNames: readonly L[],
      read: () => Promise<Array<[Partial<Record<L, string>>, number]>>,
    ) => {
      const onFailure = this.onFailure;
      return new Gauge<L>({
        name,
        help,
        labelNames,
        registers: [this.own],
        async collect() {
          this.reset();
          try {
            for (const [labels, value] of await withinTimeout(read())) this.set(labels, value);
          } catch (error) {
            onFailure(name, error);
          }
        },
      });
    };
    gauge(
      'prosign_queue_jobs',
      'Jobs in each BullMQ queue by state (waiting, active, delayed, failed), read at scrape',
      ['queue', 'state'],
      async () =>
        (await readings.queueJobs()).map(({ queue, state, count }) => [{ queue, state }, count]),
    );
    gauge(
      'prosign_queue_oldest_waiting_job_age_seconds',
      'How long the oldest waiting job of each queue has waited to start (0: none waits)',
      ['queue'],
      async () =>
        (await readings.oldestWaitingAges()).map(({ queue, seconds }) => [{ queue }, seconds]),
    );
    gauge(
      'prosign_mail_outbox_backlog',
      'Mails recorded and not yet sent (queued, sending or retrying)',
      [],
      async () => [[{}, await readings.mailBacklog()]],
    );
    gauge(
      'prosign_crm_outbox_backlog',
      'CRM writes recorded and not yet written (queued or retrying)',
      [],
      async () => [[{}, await readings.crmBacklog()]],
    );
    // Both time-stamp gauges come from one read per scrape: the first gauge (collected first)
    // starts it, the second uses it.
    let waiting: Promise<{ count: number; oldestSince: Date | null }> | null = null;
    gauge(
      'prosign_seals_waiting_for_timestamp',
      'Signed agreements whose seal waits for the time-stamp service to answer',
      [],
      async () => {
        waiting = readings.sealsWaitingForTimestamp();
        return [[{}, (await waiting).count]];
      },
    );
    gauge(
      'prosign_seal_timestamp_wait_oldest_seconds',
      'How long the longest-waiting seal has waited for a time stamp (0: none waits)',
      [],
      async () => {
        const { oldestSince } = await (waiting ?? readings.sealsWaitingForTimestamp());
        const seconds = oldestSince ? Math.max(0, (Date.now() - oldestSince.getTime()) / 1000) : 0;
        return [[{}, seconds]];
      },
    );
  }
}
