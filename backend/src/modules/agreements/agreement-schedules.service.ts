import { Injectable, Logger } from '@nestjs/common';
import {
  actionRule,
  familyIds,
  transitionCondition,
  transitionRule,
  type AgreementFamily,
} from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import type { Agreement } from './agreement.schema';
import { expiredByClauses } from './agreement-expiry';
import { AgreementLifecycleService } from './agreement-lifecycle.service';
import { AgreementReminders } from './agreement-reminders';
import { SYSTEM_ACTOR } from './lifecycle-actor';
import { AgreementRepository } from './agreement.repository';

const DAY_MS = 24 * 3600_000;
const BATCH = 500;

/**
 * The worker's agreement schedules (spec 2 §4), for every configured family:
 * unsigned agreements expire at their own expiry, else after CONTRACT_EXPIRY_DAYS; with
 * AUTO_REMINDER_INTERVAL_DAYS > 0 unsigned ones get a reminder on that
 * cadence, respecting the lock. Each is changed by one conditional update built
 * from its family's rules, so runs overlapping on several workers never expire
 * or remind twice.
 */
@Injectable()
export class AgreementSchedulesService {
  private readonly logger = new Logger(AgreementSchedulesService.name);

  constructor(
    private readonly repository: AgreementRepository,
    private readonly lifecycle: AgreementLifecycleService,
    private readonly reminders: AgreementReminders,
    private readonly config: AppConfig,
  ) {}

  /** Expires every agreement still waiting for the signer whose links expired by `now` (agreement-expiry.ts). */
  async expireDue(now = new Date()): Promise<number> {
    let expired = 0;
    for (const family of familyIds()) expired += await this.expireFamily(family, now);
    if (expired) this.logger.log(`${expired} unsigned contract(s) expired`);
    return expired;
  }

  private async expireFamily(family: AgreementFamily, now: Date): Promise<number> {
    const expirable = {
      family,
      deletedAt: null,
      ...transitionCondition(transitionRule(family, 'expire'), now),
    };
    // Each alternative whole, so each is planned on its own index.
    const dueFilter = {
      $or: expiredByClauses(now, this.config.CONTRACT_EXPIRY_DAYS).map((expiry) => ({
        ...expirable,
        ...expiry,
      })),
    } as QueryFilter<Agreement>;
    let expired = 0;
    const seen = new Set<string>();
    for (;;) {
      const due = await this.repository.idsWhere(dueFilter, BATCH);
      // One pass over each: one that lost a race to another change is not retried forever.
      const fresh = due.filter((id) => !seen.has(String(id)));
      for (const id of fresh) {
        seen.add(String(id));
        if (await this.lifecycle.expire(family, id, now)) expired += 1;
      }
      if (due.length < BATCH || fresh.length === 0) break;
    }
    return expired;
  }

  /** Sends the automatic reminders that are due; none when the cadence is 0 (off). */
  async remindDue(now = new Date()): Promise<number> {
    const days = this.config.AUTO_REMINDER_INTERVAL_DAYS;
    if (days <= 0) return 0;
    const dueBefore = new Date(now.getTime() - days * DAY_MS);
    // Due: sent at least `days` ago and the last reminder (if any) at least `days` ago.
    const cadence: QueryFilter<Agreement> = {
      createdAt: { $lte: dueBefore },
      $or: [{ lastReminderAt: null }, { lastReminderAt: { $lte: dueBefore } }],
    };
    let sent = 0;
    const seen = new Set<string>();
    for (const family of familyIds()) {
      for (;;) {
        const due = await this.repository.idsWhere(
          {
            family,
            deletedAt: null,
            $and: [cadence, { $or: [remindable(family, now), laterSignerRemindable(family, now)] }],
          } as QueryFilter<Agreement>,
          BATCH,
        );
        const fresh = due.filter((id) => !seen.has(String(id)));
        for (const id of fresh) {
          seen.add(String(id));
          const agreement = await this.repository.findById<object>(id);
          if (!agreement) continue;
          if (await this.reminders.remind(agreement, SYSTEM_ACTOR, now, cadence)) sent += 1;
        }
        if (due.length < BATCH || fresh.length === 0) break;
      }
    }
    if (sent) this.logger.log(`${sent} automatic reminder(s) sent`);
    return sent;
  }
}

/** Agreements the family's reminder rule allows. */
function remindable(family: AgreementFamily, now: Date) {
  return transitionCondition(actionRule(family, 'sendReminder'), now);
}

/**
 * Agreements with several signers whose first signer saved or signed while a later one is
 * asked now (the status follows the first signer); `remind` checks each with its recipients.
 */
function laterSignerRemindable(family: AgreementFamily, now: Date) {
  const rule = actionRule(family, 'sendReminder');
  return {
    ...transitionCondition({ ...rule, from: ['signature_saved'] }, now),
    'recipients.1': { $exists: true },
  };
}
