import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import type { CrmRecordEvent } from '@prosign/domain';
import type { DealStageMilestone } from '../../integrations/crm';

/**
 * What a queued CRM write does to the deal: move it to the sent or signed stage, or record
 * that a signer declined (a note with the reason; the stage move is issue 36's).
 */
export type CrmMoveMilestone = DealStageMilestone | CrmRecordEvent;
import { JobRecordRepository } from '../../platform/queues/job-record.repository';

export const CRM_STAGE_MOVE_STATUSES = ['queued', 'retrying', 'moved', 'failed'] as const;
export type CrmStageMoveStatus = (typeof CRM_STAGE_MOVE_STATUSES)[number];

/** One requested move of a deal to a pipeline stage, and what became of it. */
export interface CrmStageMoveDoc {
  /** Idempotency key (`{family}-{milestone}.{agreementId}`): one move per agreement and milestone. */
  _id: string;
  dealId: string;
  milestone: CrmMoveMilestone;
  /** The note the write adds to the deal (a decline's reason); absent on stage moves. */
  note?: string | null;
  /** Stored on the deal with the move (the signing link, the sealed PDF). */
  link: string | null;
  status: CrmStageMoveStatus;
  attempts: number;
  requeues: number;
  lastError: string | null;
  /** The stage id the deal ended in (null: the write moved no stage, e.g. a decline's note). */
  dealstage: string | null;
  /**
   * Issue 36: what the write already put on the record, so a retry after a crash repeats
   * nothing (the CRM is also searched by the write's marker before anything is created).
   */
  fileId?: string | null;
  noteId?: string | null;
  createdAt: Date;
  updatedAt: Date;
  movedAt: Date | null;
}

export function crmStageMoves(connection: Connection) {
  return connection.collection<CrmStageMoveDoc>('crm_stage_moves');
}

/**
 * The only reader and writer of `crm_stage_moves` (the shared writes of a job
 * record, and a move's own: moved): CrmStageMoves, CrmProcessor and
 * CrmMoveSweeper go through it.
 */
@Injectable()
export class CrmStageMoveRepository
  extends JobRecordRepository<CrmStageMoveDoc>
  implements OnModuleInit
{
  constructor(@InjectConnection() connection: Connection) {
    super(crmStageMoves(connection) as never);
  }

  /** A deal's writes by time: whether a newer one already wrote the deal (`hasNewerWritten`). */
  async onModuleInit(): Promise<void> {
    await (this.records as unknown as Collection<CrmStageMoveDoc>)
      .createIndex({ dealId: 1, createdAt: -1 })
      .catch(() => undefined);
  }

  /**
   * Whether a write of a later event on the same deal is already done: then this one's deal
   * properties are stale (a write retried through a CRM outage must not turn "signed" back
   * into "sent"), and only its note and file still go on the record.
   */
  async hasNewerWritten(
    move: Pick<CrmStageMoveDoc, '_id' | 'dealId' | 'createdAt'>,
  ): Promise<boolean> {
    const newer = await (this.records as unknown as Collection<CrmStageMoveDoc>).findOne(
      {
        dealId: move.dealId,
        status: 'moved',
        createdAt: { $gt: move.createdAt },
        _id: { $ne: move._id },
      },
      { projection: { _id: 1 } },
    );
    return Boolean(newer);
  }

  /** One step of the write done (the file kept, the note written): a retry skips it. */
  async noteProgress(id: string, done: { fileId?: string; noteId?: string }): Promise<void> {
    await this.records.updateOne({ _id: id }, { $set: { ...done, updatedAt: new Date() } });
  }

  /** Moved: the stage the deal ended in. */
  async markMoved(id: string, dealstage: string | null, now = new Date()): Promise<void> {
    await this.records.updateOne(
      { _id: id },
      { $set: { status: 'moved', dealstage, lastError: null, movedAt: now, updatedAt: now } },
    );
  }
}
