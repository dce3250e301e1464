import { InjectQueue } from '@nestjs/bullmq';
import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { AgreementFamily, CrmEventFacts, CrmRecordEvent } from '@prosign/domain';
import type { Queue } from 'bullmq';
import { IsString, Length } from 'class-validator';
import { AppConfig } from '../../platform/config/app-config';
import { enqueueRecordedJob, recordedJobIdOf } from '../../platform/queues/recorded-job';
import { QueueName } from '../../platform/queues/queue-names';
import {
  CrmStageMoveRepository,
  type CrmMoveAttachment,
  type CrmMoveMilestone,
  type CrmStageMoveDoc,
  type CrmStageMoveStatus,
} from './crm-stage-move.repository';

/** Job names of the `crm` queue. */
export const CrmJob = {
  MoveDealStage: 'move-deal-stage',
  /** Scheduled: re-queues moves left without a live job (crm-move-sweeper.ts). */
  Sweep: 'sweep-stage-moves',
} as const;
export type CrmJobName = (typeof CrmJob)[keyof typeof CrmJob];

export class MoveDealStageJobData {
  @IsString()
  @Length(1, 300)
  moveId: string;
}

/** One agreement event for the CRM record: a deal's, or (a SOW) a project's. */
export interface CrmStageMoveRequest {
  key: string;
  /** Exactly one of the deal and the project. */
  dealId?: string | null;
  projectId?: string | null;
  milestone: CrmMoveMilestone;
  link?: string | null;
  /**
   * The agreement (`_id`) whose live signing link the deal keeps with this event, read when the
   * write runs (a send, a hand-over): never stored here, so no signing token is.
   */
  signingLinkOf?: string | null;
  /** The agreement's title as every note of it says (`crmAgreementTitle`). */
  title?: string | null;
  /** The signer's e-mail, whose CRM contact gets the note too. */
  signerEmail?: string | null;
  facts?: CrmEventFacts | null;
  /** Files a signer attached, filed beside the sealed PDF. */
  attachments?: CrmMoveAttachment[] | null;
}

/**
 * CRM deal moves as side effects (docs/architecture.md#how-a-job-flows): recorded in
 * `crm_stage_moves` and queued on `crm`, so a send or a signature never waits
 * on HubSpot nor fails with it; the worker moves the deal with retries and
 * exponential backoff, and what failed for good stays listed for admins, who
 * can queue it again.
 */
@Injectable()
export class CrmStageMoves {
  private readonly logger = new Logger(CrmStageMoves.name);

  constructor(
    private readonly moves: CrmStageMoveRepository,
    @InjectQueue(QueueName.Crm) private readonly queue: Queue<MoveDealStageJobData>,
    private readonly config: AppConfig,
  ) {}

  /** Queues the move once per key; a repeated request changes nothing. */
  async request(request: CrmStageMoveRequest): Promise<CrmStageMoveDoc> {
    if (Boolean(request.dealId) === Boolean(request.projectId)) {
      throw new Error(
        `CRM write ${request.key} names ${request.dealId ? 'both a deal and a project' : 'neither a deal nor a project'}`,
      );
    }
    const now = new Date();
    const fresh: CrmStageMoveDoc = {
      _id: request.key,
      dealId: request.dealId || null,
      ...(request.projectId ? { projectId: request.projectId } : {}),
      milestone: request.milestone,
      link: request.link ?? null,
      ...(request.signingLinkOf ? { signingLinkOf: request.signingLinkOf } : {}),
      ...(request.attachments?.length ? { attachments: request.attachments } : {}),
      title: request.title ?? null,
      signerEmail: request.signerEmail ?? null,
      facts: request.facts ?? null,
      status: 'queued',
      attempts: 0,
      requeues: 0,
      lastError: null,
      dealstage: null,
      createdAt: now,
      updatedAt: now,
      movedAt: null,
    };
    // A new write is the record just inserted; only a repeated request reads the stored one.
    const move = (await this.moves.insertIfAbsent(fresh))
      ? fresh
      : await this.moves.findById(request.key);
    if (!move) throw new Error(`CRM stage move ${request.key} vanished`);
    // Recorded is enough: if Redis is down now, the worker's sweep queues it later.
    await this.enqueue(move).catch((error: unknown) =>
      this.logger.warn(
        `CRM stage move ${move._id} recorded, not queued yet (the sweep will queue it): ${String(error)}`,
      ),
    );
    return move;
  }

  async list(filter: { status?: CrmStageMoveStatus; page: number; limit: number }) {
    const query = filter.status ? { status: filter.status } : {};
    const { docs, total } = await this.moves.page(query, filter);
    return {
      moves: docs.map(({ _id, ...rest }) => ({ id: _id, ...rest })),
      total,
      page: filter.page,
      totalPages: Math.ceil(total / filter.limit),
    };
  }

  /** Queues a failed move again (after the CRM came back, say). */
  async requeue(id: string) {
    const doc = await this.moves.requeueFailed(id);
    if (!doc) {
      if (!(await this.moves.exists(id))) {
        throw new NotFoundException(`CRM stage move ${id} not found`);
      }
      throw new ConflictException(
        `CRM stage move ${id} has not failed; only failed moves can be retried`,
      );
    }
    await this.enqueue(doc);
    const { _id, ...rest } = doc;
    return { id: _id, ...rest };
  }

  private async enqueue(move: CrmStageMoveDoc): Promise<void> {
    if (move.status === 'moved') return;
    await enqueueMove(this.queue, move, this.config);
  }
}

/**
 * The key of an agreement event's CRM write (`standard-signed.{id}`, `sow-handed-over-2.{id}`,
 * `standard-invoice-paid-deposit.{id}`): one write per agreement, event and occurrence.
 */
export function crmWriteKeyOf(
  family: AgreementFamily,
  event: CrmRecordEvent,
  agreementId: string,
  occurrence?: string | null,
): string {
  const which = occurrence ? `-${occurrence.toLowerCase().replace(/[^a-z0-9]+/g, '')}` : '';
  return `${family}-${event}${which}.${agreementId}`;
}

/** The move job's id: one job per move and re-queue, so adding it again is a no-op. */
export function moveJobIdOf(move: Pick<CrmStageMoveDoc, '_id' | 'requeues'>): string {
  return recordedJobIdOf(CrmJob.MoveDealStage, move);
}

/** Queues the job of a move (idempotent by its id). */
export async function enqueueMove(
  queue: Queue<MoveDealStageJobData>,
  move: Pick<CrmStageMoveDoc, '_id' | 'requeues'>,
  config: Pick<AppConfig, 'CRM_MOVE_ATTEMPTS' | 'CRM_RETRY_DELAY_MS'>,
): Promise<void> {
  await enqueueRecordedJob(
    queue,
    CrmJob.MoveDealStage,
    move,
    { moveId: move._id },
    {
      attempts: config.CRM_MOVE_ATTEMPTS,
      backoff: { type: 'exponential', delay: config.CRM_RETRY_DELAY_MS },
    },
  );
}
