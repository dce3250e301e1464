import { Injectable, Logger } from '@nestjs/common';
import type { CrmRecordEvent } from '@prosign/domain';
import { CrmStageMoves } from '../crm';
import { familyConfig } from './agreement-family';
import type { AgreementDocument } from './agreement.schema';

/**
 * Tells the CRM record of an agreement what happened (issue 36): one queued write per agreement
 * and event (`{family}-{event}.{id}`, so a repeated event writes once), for families whose
 * agreements belong to a deal. The write notes it, moves the deal as the stage rules say and keeps
 * its properties; the caller never waits for the CRM nor fails with it.
 */
@Injectable()
export class AgreementCrmEvents {
  private readonly logger = new Logger(AgreementCrmEvents.name);

  constructor(private readonly crmMoves: CrmStageMoves) {}

  async record(
    agreement: AgreementDocument<object>,
    event: CrmRecordEvent,
    link: string | null = null,
  ): Promise<void> {
    const dealId = familyConfig(agreement.family).crm.dealId(agreement.form);
    if (!dealId) return;
    try {
      await this.crmMoves.request({
        key: `${agreement.family}-${event}.${String(agreement._id)}`,
        dealId,
        milestone: event,
        link,
      });
    } catch (error) {
      this.logger.warn(
        `CRM write (${event}) of agreement ${String(agreement._id)} not recorded: ${(error as Error).message}`,
      );
    }
  }
}
