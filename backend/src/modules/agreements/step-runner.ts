import { HttpException, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AgreementDocument } from './agreement.schema';
import { AgreementRepository } from './agreement.repository';
import {
  AgreementProgressRepository,
  type AgreementOperation,
} from './agreement-progress.repository';

export interface StepRunnerTiming {
  /** How long a runner holds an operation without a heartbeat before another may take it over. */
  leaseMs: number;
  /**
   * How often a working runner checks its lease. It writes a renewal only once half the lease has
   * passed since the lease was last extended (taking it and every finished step extend it too),
   * so a run of quick steps writes no renewals, and a hundred runs in flight do not each queue a
   * write every few seconds.
   */
  heartbeatCheckMs: number;
  /** How long a second caller waits for the runner that holds the lease. */
  waitForOtherRunnerMs: number;
}

const STEP_RUNNER_TIMING = Symbol('StepRunnerTiming');

// A lease is what a signer waits at worst when the api running their finish dies (their retry
// reaches another api, which takes over once the lease ran out): 2 minutes measured so with an
// api SIGKILLed mid-load (bench/signers --faults), hence 30 s. Steps are short (the slowest, the
// seal with a remote time-stamp, a few seconds) and each finished step extends the lease, so
// renewals stay rare. A second caller waits longer than one lease.
const DEFAULT_TIMING: StepRunnerTiming = {
  leaseMs: 30_000,
  heartbeatCheckMs: 5_000,
  waitForOtherRunnerMs: 60_000,
};

/** One resumable operation: its steps in order, and what each does. */
export interface StepPlan<
  TStep extends string = string,
  TForm extends object = Record<string, unknown>,
> {
  operation: AgreementOperation;
  steps: readonly TStep[];
  /**
   * Fields a step produced are recorded with the next write too (the next step's that must
   * write, a failure's, or the completion), as steps without fields are: one write per run
   * instead of one per such step. Only for plans whose steps are idempotent from their inputs
   * (a crash before that write repeats them and they produce the same fields), as the
   * finish's are.
   */
  fieldsWithNextWrite?: boolean;
  /** Does one step; returns agreement fields it produced (never the status). */
  run(step: TStep, agreement: AgreementDocument<TForm>): Promise<Record<string, unknown> | void>;
}

/** A step failed: the steps before it are recorded as done; a retry continues at this one. */
export class StepFailedError extends Error {
  constructor(
    readonly step: string,
    readonly detail: string,
    readonly original: unknown,
  ) {
    super(`${step} failed: ${detail}`);
  }
}

/** Another runner holds the operation and did not finish it in time. */
export class StepRunnerBusyError extends Error {
  constructor(readonly operation: AgreementOperation) {
    super(`the ${operation} is still being run by another request`);
  }
}

/**
 * A lease taken by the write that starts an operation (the finish's claim): `runner` and
 * `until` go into that write, and the run carries on without taking the lease again.
 */
export interface TakenLease {
  runner: string;
  until: Date;
  /** When the lease was taken (its write sent): the heartbeat counts from then. */
  takenAt: number;
}

export interface RunOptions<TStep extends string> {
  /** The lease the write that started the operation took (`StepRunner.newLease`), if any. */
  leased?: TakenLease;
  /** Run only these steps (the spec's one-step calls); the operation completes when all are done. */
  only?: readonly TStep[];
  /** Turns a step's error into the detail stored on the record. */
  describe?: (error: unknown) => string;
}

/**
 * Runs resumable multi-step work on an agreement (a send, a finish) — one
 * runner for both: each finished step is recorded with its time; a lease,
 * renewed by a heartbeat while a step runs, keeps a second runner (another
 * tab, the worker's resume) from running at the same time; a failure records
 * the step and its error, and the next run resumes there.
 */
@Injectable()
export class StepRunner {
  private readonly logger = new Logger(StepRunner.name);

  constructor(
    private readonly repository: AgreementRepository,
    private readonly progress: AgreementProgressRepository,
    @Optional()
    @Inject(STEP_RUNNER_TIMING)
    private readonly timing: StepRunnerTiming = DEFAULT_TIMING,
  ) {}

  /** A lease for the write that starts an operation to take with it (see `RunOptions.leased`). */
  newLease(): TakenLease {
    const takenAt = Date.now();
    return {
      runner: randomBytes(9).toString('base64url'),
      until: new Date(takenAt + this.timing.leaseMs),
      takenAt,
    };
  }

  async run<TStep extends string, TForm extends object>(
    start: AgreementDocument<TForm>,
    plan: StepPlan<TStep, TForm>,
    { leased, ...options }: RunOptions<TStep> = {},
  ): Promise<AgreementDocument<TForm>> {
    const deadline = Date.now() + this.timing.waitForOtherRunnerMs;
    let agreement = start;
    // Started by a write that took the lease (and nothing ran since): no lease to take.
    const started = start[plan.operation];
    if (leased && started?.state === 'in_progress' && started.runner === leased.runner) {
      return this.runLeased(start, plan, leased.runner, leased.takenAt, options);
    }
    for (;;) {
      const progress = agreement[plan.operation];
      if (!progress) throw new Error(`no ${plan.operation} in progress`);
      if (progress.state === 'completed') return agreement;
      // A partial run is satisfied once its steps are done; a whole run only once completed
      // (all steps done but not completed: another runner is completing it, or crashed just
      // before — the lease below tells which).
      if (options.only && options.only.every((step) => progress.steps?.[step])) return agreement;
      const runner = randomBytes(9).toString('base64url');
      const leaseTakenAt = Date.now();
      const leased = await this.progress.takeLease(
        agreement._id,
        plan.operation,
        runner,
        this.timing.leaseMs,
      );
      if (leased) {
        return this.runLeased(
          leased as unknown as AgreementDocument<TForm>,
          plan,
          runner,
          leaseTakenAt,
          options,
        );
      }
      if (Date.now() > deadline) throw new StepRunnerBusyError(plan.operation);
      await sleep(250);
      agreement = (await this.repository.findById<TForm>(agreement._id)) ?? agreement;
    }
  }

  private async runLeased<TStep extends string, TForm extends object>(
    start: AgreementDocument<TForm>,
    plan: StepPlan<TStep, TForm>,
    runner: string,
    leaseTakenAt: number,
    options: RunOptions<TStep>,
  ): Promise<AgreementDocument<TForm>> {
    let agreement = start;
    const id = agreement._id;
    let lostLease = false;
    // Times are taken before each write is sent: the lease runs from then, however long it queued.
    let leaseExtendedAt = leaseTakenAt;
    const heartbeat = setInterval(() => {
      if (Date.now() - leaseExtendedAt < this.timing.leaseMs / 2) return;
      const renewingAt = Date.now();
      this.progress
        .renewLease(id, plan.operation, runner, this.timing.leaseMs)
        .then((held) => {
          lostLease ||= !held;
          if (held) leaseExtendedAt = Math.max(leaseExtendedAt, renewingAt);
        })
        .catch((error: unknown) =>
          this.logger.warn(
            `lease of ${plan.operation} ${String(id)} not renewed: ${String(error)}`,
          ),
        );
    }, this.timing.heartbeatCheckMs);
    heartbeat.unref();
    // Steps done that produced no fields are recorded with the next write (the next step's, a
    // failure's or the completion), not each with a write of its own: steps are idempotent, so
    // a crash before that write only repeats them. With `fieldsWithNextWrite`, their fields too.
    const unrecorded: Record<string, Date> = {};
    const unrecordedFields: Record<string, unknown> = {};
    const isLastToDo = (step: TStep) =>
      plan.steps.every((other) => other === step || agreement[plan.operation]?.steps?.[other]);
    try {
      for (const step of plan.steps) {
        if (options.only && !options.only.includes(step)) continue;
        if (agreement[plan.operation]?.steps?.[step]) continue;
        let fields: Record<string, unknown> | void;
        try {
          fields = await plan.run(step, agreement);
        } catch (error) {
          const detail = (options.describe ?? defaultDetail)(error);
          this.logger.warn(
            `${plan.operation} of agreement ${String(id)} stopped at ${step}: ${detail}`,
          );
          await this.progress.stepFailed(
            id,
            plan.operation,
            runner,
            step,
            detail,
            unrecorded,
            unrecordedFields,
          );
          throw new StepFailedError(step, detail, error);
        }
        const stepDoneAt = new Date();
        const last = isLastToDo(step);
        const produced = fields ?? {};
        if (!last && (Object.keys(produced).length === 0 || plan.fieldsWithNextWrite)) {
          unrecorded[step] = stepDoneAt;
          Object.assign(unrecordedFields, produced);
          agreement = withStepDone(
            withFields(agreement, produced),
            plan.operation,
            step,
            stepDoneAt,
          );
          continue;
        }
        const updated = await this.progress.stepDone(
          id,
          plan.operation,
          runner,
          { ...unrecorded, [step]: stepDoneAt },
          { ...unrecordedFields, ...produced },
          this.timing.leaseMs,
          { complete: last },
        );
        // Another runner took over (this one stalled past its lease): it carries on.
        if (!updated || lostLease) return this.run(agreement, plan, options);
        for (const recorded of Object.keys(unrecorded)) delete unrecorded[recorded];
        for (const recorded of Object.keys(unrecordedFields)) delete unrecordedFields[recorded];
        leaseExtendedAt = Math.max(leaseExtendedAt, stepDoneAt.getTime());
        agreement = updated as unknown as AgreementDocument<TForm>;
      }
      if (agreement[plan.operation]?.state === 'completed') return agreement;
      const done = plan.steps.every((step) => agreement[plan.operation]?.steps?.[step]);
      const after = done
        ? await this.progress.completeProgress(
            id,
            plan.operation,
            runner,
            unrecorded,
            unrecordedFields,
          )
        : await this.progress.releaseLease(
            id,
            plan.operation,
            runner,
            unrecorded,
            unrecordedFields,
          );
      return (after as unknown as AgreementDocument<TForm>) ?? agreement;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Continues operations whose runner is gone (a crash half-way) or whose step
   * failed; the worker's schedule calls it. An operation that keeps failing is
   * tried again less and less often (from its second failure, RESUME_BACKOFF_MS
   * doubling from the last one, at most an hour) and left alone after MAX_RESUME_ATTEMPTS runs, its
   * failed step and error on the record for admins (`isGivenUp`). `eligible`
   * narrows which ones are resumed (a send only once its link was mailed).
   */
  async resumeAbandoned<TStep extends string, TForm extends object>(
    plan: StepPlan<TStep, TForm>,
    now = new Date(),
    limit = 100,
    eligible: (agreement: AgreementDocument<TForm>) => boolean = () => true,
  ): Promise<number> {
    const abandoned = await this.progress.abandoned(
      plan.operation,
      new Date(now.getTime() - this.timing.leaseMs),
      limit,
    );
    let resumed = 0;
    for (const found of abandoned) {
      const agreement = found as unknown as AgreementDocument<TForm>;
      const progress = agreement[plan.operation];
      if (!progress || isGivenUp(progress) || !eligible(agreement)) continue;
      if (progress.failedAt && now.getTime() < nextResumeAt(progress).getTime()) continue;
      try {
        await this.run(agreement, plan);
        resumed += 1;
      } catch (error) {
        this.logger.warn(
          `resuming the ${plan.operation} of ${String(agreement._id)} failed: ${(error as Error).message}`,
        );
      }
    }
    return resumed;
  }
}

/** How many runs the worker's resume gives an operation before leaving it to admins. */
export const MAX_RESUME_ATTEMPTS = 12;
/** The wait after a second failure before the worker tries again; doubles each run, at most an hour. */
const RESUME_BACKOFF_MS = 60_000;

type Progress = { attempts?: number; failedAt?: Date | null; state?: string };

/** The operation failed too often for the worker to keep trying: admins see it and its error. */
export function isGivenUp(progress: Progress): boolean {
  return progress.state === 'in_progress' && (progress.attempts ?? 0) >= MAX_RESUME_ATTEMPTS;
}

/** When the worker may try a failed operation again. */
function nextResumeAt(progress: Progress): Date {
  // After one failed run: as soon as the lease is over; then 1, 2, 4… minutes, at most an hour.
  const attempts = progress.attempts ?? 1;
  const wait =
    attempts <= 1 ? 0 : Math.min(RESUME_BACKOFF_MS * 2 ** Math.min(attempts - 2, 20), 60 * 60_000);
  return new Date((progress.failedAt ? new Date(progress.failedAt).getTime() : 0) + wait);
}

function defaultDetail(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

/**
 * The detail stored for a failed step and shown to staff: an HTTP error's own
 * message (a port's refusal says what failed); anything else is ours
 * (database, queue), and its details stay in the server log.
 */
export function httpErrorDetail(error: unknown): string {
  if (error instanceof HttpException) {
    const response = error.getResponse();
    const message =
      typeof response === 'string' ? response : (response as { message?: unknown }).message;
    return Array.isArray(message) ? message.join('; ') : String(message ?? error.message);
  }
  return 'an unexpected error, logged on the server';
}

/** Sets a step's fields on this runner's copy of the agreement (saved with the next write). */
function withFields<TForm extends object>(
  agreement: AgreementDocument<TForm>,
  fields: Record<string, unknown>,
): AgreementDocument<TForm> {
  for (const [path, value] of Object.entries(fields)) agreement.set(path, value);
  return agreement;
}

/**
 * Marks `step` done on this runner's copy of the agreement (never saved: the record is
 * written with the next write), so later steps and the completion check see it.
 */
function withStepDone<TForm extends object>(
  agreement: AgreementDocument<TForm>,
  operation: AgreementOperation,
  step: string,
  at: Date,
): AgreementDocument<TForm> {
  const progress = agreement[operation];
  if (progress) progress.steps = { ...progress.steps, [step]: at };
  return agreement;
}
