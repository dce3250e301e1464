import { assertNever } from '@prosign/domain';
import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { CrmRateLimitedError } from '../../integrations/crm';
import { GracefulWorkerHost } from '../../platform/queues/graceful-worker-host';
import { QueueName } from '../../platform/queues/queue-names';
import { inSpan } from '../../platform/tracing/in-span';
import { validateJobData } from '../../platform/queues/validate-job-data';
import type { SweepResult } from '../../platform/queues/sweep-lost-jobs';
import { CrmFlows } from './crm-flows.service';
import { CrmAgreementRecord } from './crm-agreement-record';
import { CrmMoveSweeper } from './crm-move-sweeper';
import { CrmStageMoveRepository, type CrmWriteStep } from './crm-stage-move.repository';
import { DealWriteLock } from './deal-write-lock';
import { CrmJob, MoveDealStageJobData, type CrmJobName } from './crm-stage-moves';
import { WORKER_NAME } from '../../platform/queues/worker-name';

/** Moves deals through the CRM flows and records each attempt on the move. */
@Processor(QueueName.Crm, { name: WORKER_NAME })
export class CrmProcessor extends GracefulWorkerHost {
  private readonly logger = new Logger(CrmProcessor.name);

  constructor(
    private readonly crm: CrmFlows,
    private readonly moves: CrmStageMoveRepository,
    private readonly sweeper: CrmMoveSweeper,
    private readonly record: CrmAgreementRecord,
    private readonly dealWrites: DealWriteLock,
  ) {
    super();
  }

  async process(
    job: Job<unknown, unknown, string>,
    token?: string,
  ): Promise<{ dealstage: string | null } | { skipped: string } | SweepResult> {
    try {
      return await this.run(job);
    } catch (error) {
      // HubSpot's 429: the job waits as long as HubSpot asked, and the wait is not a failed try.
      if (error instanceof CrmRateLimitedError && token) {
        await job.moveToDelayed(Date.now() + error.retryAfterMs, token);
        throw new DelayedError();
      }
      throw error;
    }
  }

  private async run(
    job: Job<unknown, unknown, string>,
  ): Promise<{ dealstage: string | null } | { skipped: string } | SweepResult> {
    const name = job.name as CrmJobName;
    switch (name) {
      case CrmJob.MoveDealStage: {
        const data = validateJobData(MoveDealStageJobData, job);
        return inSpan('crm write', { 'prosign.crm.move.id': data.moveId }, () =>
          this.move(data, job),
        );
      }
      case CrmJob.Sweep:
        return this.sweeper.sweep();
      default:
        return assertNever(
          name,
          new UnrecoverableError(`No handler for job "${job.name}" on the ${QueueName.Crm} queue`),
        );
    }
  }

  private async move(
    { moveId }: MoveDealStageJobData,
    job: Job,
  ): Promise<{ dealstage: string | null } | { skipped: string }> {
    const moves = this.moves;
    const move = await moves.claimAttempt(moveId, 'moved');
    if (!move) {
      if (await moves.exists(moveId)) return { skipped: 'already moved' };
      throw new UnrecoverableError(`CRM stage move ${moveId} does not exist`);
    }
    // The `crm write` span (README, "Traces") names the agreement event it writes.
    trace.getActiveSpan()?.setAttribute('prosign.crm.event', move.milestone);
    let written: CrmWriteStep | null = null;
    try {
      // The record first: the signed PDF kept as a file, a note for the event with
      // it attached; each found by its marker first, so a retry after a crash repeats neither.
      written = await this.record.write(move, (tried) => moves.noteProgress(moveId, tried));
      // Then the deal: its stage as the rules say for the event, and its properties; unless a
      // later event's write already moved it (writes retried through an outage end out of
      // order: a late "sent" must not take a signed deal back). A project only gets the note.
      // The look, the deal's write and its record go one write of the deal at a time.
      const writeDeal = async (dealId: string) => {
        const dealstage = (await moves.hasNewerWritten(move))
          ? null
          : await this.crm.moveDealOnEvent(
              dealId,
              move.milestone,
              await this.record.propertiesOf(move),
            );
        // The file and note go on the write's record with its end: one write, not one a step.
        await moves.markMoved(moveId, dealstage, written);
        return dealstage;
      };
      const { dealId } = move;
      let dealstage: string | null = null;
      if (dealId) dealstage = await this.dealWrites.whileHeld(dealId, () => writeDeal(dealId));
      else await moves.markMoved(moveId, null, written);
      return { dealstage };
    } catch (error) {
      if (error instanceof CrmRateLimitedError) {
        await moves.markTryFailed(moveId, 'retrying', error.message);
        throw error;
      }
      // The deal failed after the record was written: the next try need not look for them.
      if (written) await moves.noteProgress(moveId, written);
      const message = (error as Error).message || String(error);
      const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await moves.markTryFailed(moveId, final ? 'failed' : 'retrying', message);
      if (final) this.logger.error(`CRM stage move ${moveId} failed for good: ${message}`);
      else
        this.logger.warn(
          `CRM stage move ${moveId} attempt ${job.attemptsMade + 1} failed: ${message}`,
        );
      throw error;
    }
  }
}
