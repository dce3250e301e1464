import { Injectable, Logger } from '@nestjs/common';
import { crmAgreementTitle, type CrmEventFacts, type CrmRecordEvent } from '@prosign/domain';
import { CrmStageMoves, crmWriteKeyOf, type CrmMoveAttachment } from '../crm';
import { familyConfig } from './agreement-family';
import type { AgreementDocument } from './agreement.schema';

/**
 * Events after which the deal keeps the agreement's signing link: the write
 * reads the live one when it runs, so a hand-over (or a send retried after one) never leaves a
 * dead link on the deal, and no signing token is stored with the write.
 */
const SIGNING_LINK_EVENTS: readonly CrmRecordEvent[] = ['sent', 'handed-over'];

export interface CrmEventOptions {
  /** The link the deal keeps with the event (the sealed or VOID PDF); never a signing link. */
  link?: string | null;
  /** Which one of its kind (the n-th hand-over, the invoice's type): one write each. */
  occurrence?: string | null;
  /** What the note says beyond the title: who declined and why, who handed over to whom. */
  facts?: CrmEventFacts | null;
  /** The signer the event is about when not the first (a later signer's decline): their contact gets the note. */
  signerEmail?: string | null;
  /** Files signers attached (a signed "document" agreement): filed on the record too. */
  attachments?: CrmMoveAttachment[];
}

/**
 * Tells the CRM record of an agreement what happened: one queued write per agreement
 * and event (`{family}-{event}[-{occurrence}].{id}`, so a repeated event writes once), on the
 * agreement's deal (standard, change order) or, without one, its project (SOW). The write notes
 * it on the record and the signer's contact, and on a deal moves it as the stage rules say and
 * keeps its properties. Every note of one agreement names it by the same title.
 */
@Injectable()
export class AgreementCrmEvents {
  private readonly logger = new Logger(AgreementCrmEvents.name);

  constructor(private readonly crmMoves: CrmStageMoves) {}

  /**
   * Queues the write; fails only when it cannot be recorded (a send or finish step, which is
   * tried again). Nothing for an agreement that names neither a deal nor a project.
   */
  async request(
    agreement: AgreementDocument<object>,
    event: CrmRecordEvent,
    options: CrmEventOptions = {},
  ): Promise<void> {
    const config = familyConfig(agreement.family);
    const dealId = config.crm.dealId(agreement.form);
    const projectId = dealId ? null : config.crm.projectId(agreement.form);
    if (!dealId && !projectId) return;
    await this.crmMoves.request({
      key: crmWriteKeyOf(agreement.family, event, String(agreement._id), options.occurrence),
      dealId,
      projectId,
      milestone: event,
      link: options.link ?? null,
      signingLinkOf: SIGNING_LINK_EVENTS.includes(event) ? String(agreement._id) : null,
      title: crmAgreementTitle(agreement.family, config.title(agreement.form)),
      signerEmail: options.signerEmail || config.parties(agreement.form).signerEmail || null,
      facts: options.facts ?? null,
      ...(options.attachments?.length ? { attachments: options.attachments } : {}),
    });
  }

  /** As `request`, for callers that never wait for the CRM nor fail with it: a failure is logged. */
  async record(
    agreement: AgreementDocument<object>,
    event: CrmRecordEvent,
    options: CrmEventOptions = {},
  ): Promise<void> {
    try {
      await this.request(agreement, event, options);
    } catch (error) {
      this.logger.warn(
        `CRM write (${event}) of agreement ${String(agreement._id)} not recorded: ${(error as Error).message}`,
      );
    }
  }
}
