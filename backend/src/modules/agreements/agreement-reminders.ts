import { BadGatewayException, Injectable, Logger } from '@nestjs/common';
import {
  actionRuleFor,
  awaitedRecipients,
  SINGLE_SIGNER_RECIPIENT_ID,
  transitionCondition,
} from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { MailService } from '../mail';
import { familyConfig } from './agreement-family';
import { recipientsOf } from './agreement-recipients';
import { agreementMailKey } from './agreement-mail-keys';
import { countersignRequestMail } from './countersign-mail';
import type { Agreement, AgreementDocument } from './agreement.schema';
import { AgreementEventRepository } from './agreement-events.repository';
import { actionSubjectOf, eventBy, type LifecycleActor } from './lifecycle-actor';

/**
 * Reminders to sign (spec 2 §4): claimed on the agreement first (status still remindable, the
 * lock off, and for automatic ones the cadence due), then mailed to whoever is asked to sign now.
 */
@Injectable()
export class AgreementReminders {
  private readonly logger = new Logger(AgreementReminders.name);

  constructor(
    private readonly eventLog: AgreementEventRepository,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Claims the reminder (status still remindable, lock off, and for automatic
   * ones the cadence due) and only then mails it: of two concurrent attempts
   * one claims, the other gets null.
   */
  async remind(
    agreement: AgreementDocument<object>,
    actor: LifecycleActor,
    now: Date,
    extraCondition: QueryFilter<Agreement> = {},
  ): Promise<AgreementDocument<object> | null> {
    const lockUntil = new Date(now.getTime() + this.config.REMINDER_LOCK_HOURS * 3600_000);
    const claimed = await this.eventLog.record<object>(
      agreement,
      {
        now,
        condition: {
          deletedAt: null,
          $and: [
            transitionCondition(
              actionRuleFor(agreement.family, 'sendReminder', actionSubjectOf(agreement)),
              now,
            ),
            extraCondition,
          ],
        } as QueryFilter<Agreement>,
        set: { isDeactiveReminder: true, reminderDeactivateTime: lockUntil, lastReminderAt: now },
        push: { remindersAt: now },
        event: eventBy(actor, 'reminder_sent'),
      },
      { notify: true },
    );
    if (!claimed) return null;
    try {
      await this.sendReminderMail(claimed, now);
    } catch (error) {
      // Nothing was sent: give the claim back (lock and reminder time as they were), so the
      // next try is allowed at once and the card does not claim a reminder that never left.
      await this.eventLog.record(
        claimed,
        {
          condition: { lastReminderAt: now },
          set: {
            isDeactiveReminder: agreement.isDeactiveReminder,
            reminderDeactivateTime: agreement.reminderDeactivateTime,
            lastReminderAt: agreement.lastReminderAt,
            remindersAt: agreement.remindersAt,
          },
          event: eventBy(actor, 'reminder_failed'),
        },
        { notify: true },
      );
      this.logger.warn(
        `reminder for agreement ${String(claimed._id)} not queued: ${(error as Error).message}`,
      );
      throw new BadGatewayException('Error sending reminder email. Please try again.');
    }
    return claimed;
  }

  /**
   * The reminder goes to whoever is asked to sign now and has not: the first signer
   * through the agreement's own link, any other signer through theirs (several signers).
   */
  private async sendReminderMail(claimed: AgreementDocument<object>, now: Date): Promise<void> {
    const config = familyConfig(claimed.family);
    const parties = config.parties(claimed.form);
    const others = new Map((claimed.recipients ?? []).map((stored) => [stored.id, stored]));
    const awaited = claimed.recipients?.length
      ? awaitedRecipients(recipientsOf(claimed, { name: '', email: '' })).map((r) => r.id)
      : [SINGLE_SIGNER_RECIPIENT_ID];
    for (const recipientId of awaited) {
      const other = recipientId === SINGLE_SIGNER_RECIPIENT_ID ? null : others.get(recipientId);
      if (other?.role === 'countersigner') {
        await this.mail.send({
          key: agreementMailKey(claimed, 'reminder', now.getTime(), recipientId),
          agreementId: String(claimed._id),
          ...countersignRequestMail(claimed, other, this.config.PUBLIC_SHELL_URL, true),
          replyTo: parties.senderEmail,
        });
        continue;
      }
      if (recipientId !== SINGLE_SIGNER_RECIPIENT_ID && !other?.signingLink) continue;
      await this.mail.send({
        key: other
          ? agreementMailKey(claimed, 'reminder', now.getTime(), recipientId)
          : agreementMailKey(claimed, 'reminder', now.getTime()),
        agreementId: String(claimed._id),
        template: config.linkMail({
          form: other ? config.withSigner(claimed.form, other) : claimed.form,
          link: other?.signingLink ?? claimed.signingLink,
          senderEmail: parties.senderEmail,
          isReminder: true,
        }),
        to: [other?.email ?? parties.signerEmail],
        replyTo: parties.senderEmail,
      });
    }
  }
}
