import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { CRM_NOTE_ONLY_EVENTS, type CrmEventFacts, type CrmRecordEvent } from '@prosign/domain';
import type { DealStageMilestone } from '../../integrations/crm';
import { JobRecordRepository } from '../../platform/queues/job-record.repository';

/** A file a signer attached to the agreement, filed on the record with the signed PDF. */
export interface CrmMoveAttachment {
  /** Its bytes in the document store. */
  fileId: string;
  name: string;
  contentType: string;
}

/** The agreement event a queued CRM write records (a note, and on a deal its stage and properties). */
export type CrmMoveMilestone = DealStageMilestone | CrmRecordEvent;

export const CRM_STAGE_MOVE_STATUSES = ['queued', 'retrying', 'moved', 'failed'] as const;
export type CrmStageMoveStatus = (typeof CRM_STAGE_MOVE_STATUSES)[number];

/**
 * One queued CRM write of an agreement event, and what became of it: a note (with the sealed
 * or VOID-stamped PDF as a file) on the agreement's deal or, for a SOW, its project, and on a
 * deal the stage and properties the event calls for.
 */
export interface CrmStageMoveDoc {
  /**
   * Idempotency key (`{family}-{milestone}[-{occurrence}].{agreementId}`): one write per
   * agreement and event (and hand-over or invoice).
   */
  _id: string;
  /** The deal written on (standard, change order); null for a project's write. */
  dealId: string | null;
  /** The project written on instead (a SOW's community-partner project). */
  projectId?: string | null;
  milestone: CrmMoveMilestone;
  /** The agreement's title as its notes name it (`crmAgreementTitle`), when the event was raised. */
  title?: string | null;
  /** The signer's e-mail: their CRM contact, if there is one, gets the note too. */
  signerEmail?: string | null;
  /** What the note says of the event beyond the title (who declined and why, a hand-over…). */
  facts?: CrmEventFacts | null;
  /** Writes queued before `facts`: a decline's whole text. */
  note?: string | null;
  /** Stored on the deal with the move (the sealed or VOID PDF; a signing link in older writes). */
  link: string | null;
  /**
   * The agreement (`_id`) whose signing link the deal keeps with this event
   * (a send, a hand-over), read when the write runs: the live one, or none once it is closed.
   */
  signingLinkOf?: string | null;
  /** A signed "document" agreement's attached files: filed beside the sealed PDF, on its note. */
  attachments?: CrmMoveAttachment[] | null;
  status: CrmStageMoveStatus;
  attempts: number;
  requeues: number;
  lastError: string | null;
  /** The stage id the deal ended in (null: the write moved no stage, e.g. a decline's note). */
  dealstage: string | null;
  /**
   * What the write already put on the record, so a retry after a crash repeats
   * nothing (the CRM is also searched by the write's marker before anything is created).
   */
  fileId?: string | null;
  noteId?: string | null;
  /** When a try last asked the CRM to create the file, or the note (its answer may be lost). */
  fileTriedAt?: Date | null;
  noteTriedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
  movedAt: Date | null;
}

/** One step of a CRM write: a create about to be asked for, or what it created. */
export interface CrmWriteStep {
  fileId?: string;
  noteId?: string;
  fileTriedAt?: Date;
  noteTriedAt?: Date;
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
    await this.ensureStatusIndex();
  }

  /** CRM writes recorded and not yet written: the outbox's backlog (the api's metrics). */
  countBacklog(): Promise<number> {
    return this.countPending(['queued', 'retrying']);
  }

  /**
   * Whether a write of a later event on the same deal is already done: then this one's deal
   * properties are stale (a write retried through a CRM outage must not turn "signed" back
   * into "sent"), and only its note and file still go on the record.
   */
  async hasNewerWritten(
    move: Pick<CrmStageMoveDoc, '_id' | 'dealId' | 'createdAt'>,
  ): Promise<boolean> {
    if (!move.dealId) return false;
    const newer = await (this.records as unknown as Collection<CrmStageMoveDoc>).findOne(
      {
        dealId: move.dealId,
        // A note-only event (a view, a hand-over, an invoice) says nothing of the deal's status.
        milestone: { $nin: [...CRM_NOTE_ONLY_EVENTS] },
        status: 'moved',
        createdAt: { $gt: move.createdAt },
        _id: { $ne: move._id },
      },
      { projection: { _id: 1 } },
    );
    return Boolean(newer);
  }

  /** A step of the write asked for or done (the file kept, the note written): a retry skips it. */
  async noteProgress(id: string, step: CrmWriteStep): Promise<void> {
    await this.records.updateOne({ _id: id }, { $set: { ...step, updatedAt: new Date() } });
  }

  /** Moved: the stage the deal ended in, with the file and note the write put on the record. */
  async markMoved(
    id: string,
    dealstage: string | null,
    written: CrmWriteStep | null = null,
    now = new Date(),
  ): Promise<void> {
    await this.records.updateOne(
      { _id: id },
      {
        $set: {
          ...written,
          status: 'moved',
          dealstage,
          lastError: null,
          movedAt: now,
          updatedAt: now,
        },
      },
    );
  }
}
