import {
  BadGatewayException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import {
  actionRule,
  agreementTitle,
  decideContractAction,
  reminderLockedMessage,
  transitionCondition,
  transitionRule,
  type ContractAction,
} from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { AgreementRepository } from '../agreements/agreement.repository';
import type { Agreement } from '../agreements/agreement.schema';
import type { EventInput } from '../agreements/event-chain';
import { DocumentsService } from '../documents/documents.service';
import { MailService } from '../mail/mail.service';
import { ContractSendService, type ContractSendResult } from './contract-send.service';
import type { StandardAgreement, StandardContractForm } from './standard-contract.form';

/** Who acts: the signed-in staff member (from the session) or the worker's schedules. */
export interface LifecycleActor {
  email: string;
  ip?: string;
  userAgent?: string | null;
  isAdmin: boolean;
  userAccessAccess: boolean;
}

export const SYSTEM_ACTOR: LifecycleActor = {
  email: 'system',
  isAdmin: true,
  userAccessAccess: true,
};

function eventBy(actor: LifecycleActor, type: string): EventInput {
  return { type, actor: actor.email, ip: actor.ip ?? null, userAgent: actor.userAgent ?? null };
}

/**
 * The lifecycle actions of spec 2 §4/§7 on the agreement core. Each is checked
 * with the family's action table (decideContractAction), applied by the
 * repository's one conditional update built from the same table (so two clicks
 * or two workers cannot both apply it), appended to the event log with the
 * actor, IP and browser, and told to dashboards.
 */
@Injectable()
export class ContractLifecycleService {
  private readonly logger = new Logger(ContractLifecycleService.name);

  constructor(
    private readonly repository: AgreementRepository,
    private readonly mail: MailService,
    private readonly documents: DocumentsService,
    private readonly sending: ContractSendService,
    private readonly config: AppConfig,
  ) {}

  async sendReminder(token: string, actor: LifecycleActor) {
    const agreement = await this.checked(token, 'sendReminder', actor);
    const sent = await this.remind(agreement, actor, new Date());
    if (!sent) {
      const current = await this.repository.findById(agreement._id);
      throw new ConflictException(reminderLockedMessage(current?.reminderDeactivateTime ?? null));
    }
    return {
      message: 'Reminder sent.',
      remindersAt: sent.remindersAt.map((at) => at.toISOString()),
      reminderDeactivateTime: sent.reminderDeactivateTime?.toISOString() ?? null,
    };
  }

  /**
   * Claims the reminder on the agreement (status still remindable, lock off,
   * and for automatic ones the cadence due) and only then mails it: of two
   * concurrent attempts one claims, the other gets null.
   */
  async remind(
    agreement: StandardAgreement,
    actor: LifecycleActor,
    now: Date,
    extraCondition: QueryFilter<Agreement> = {},
  ): Promise<StandardAgreement | null> {
    const lockUntil = new Date(now.getTime() + this.config.REMINDER_LOCK_HOURS * 3600_000);
    const claimed = await this.repository.record<StandardContractForm>(
      agreement,
      {
        now,
        condition: {
          deletedAt: null,
          $and: [transitionCondition(actionRule('standard', 'sendReminder'), now), extraCondition],
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
      await this.repository.record(
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
        `reminder for contract ${String(claimed._id)} not queued: ${(error as Error).message}`,
      );
      throw new BadGatewayException('Error sending reminder email. Please try again.');
    }
    return claimed;
  }

  private async sendReminderMail(claimed: StandardAgreement, now: Date): Promise<void> {
    const form = claimed.form;
    await this.mail.send({
      key: `contract-reminder.${claimed.token}.${now.getTime()}`,
      template: {
        kind: 'reminder',
        data: {
          recipientName: form.full_name,
          agreementTitle: agreementTitle(form.contractTitle, form.form_type),
          link: claimed.signingLink,
          senderEmail: form.csm_email,
        },
      },
      to: [form.email],
      replyTo: form.csm_email,
    });
  }

  async cancel(token: string, actor: LifecycleActor) {
    const agreement = await this.checked(token, 'cancel', actor);
    const updated = await this.apply(agreement, 'cancel', actor, (now) => ({
      cancelledAt: now,
    }));
    return { message: 'Contract cancelled.', status: updated.status };
  }

  async markAsSigned(token: string, actor: LifecycleActor) {
    const agreement = await this.checked(token, 'markAsSigned', actor);
    const updated = await this.apply(agreement, 'markAsSigned', actor, (now) => ({
      signedAt: now,
      signedIp: actor.ip ?? null,
    }));
    return { message: 'Contract marked as signed.', status: updated.status };
  }

  /** Void: the signed PDF (or the agreement if no final PDF exists) stamped VOID, status void. */
  async void(token: string, actor: LifecycleActor) {
    const agreement = await this.checked(token, 'void', actor);
    const now = new Date();
    // Same source → same derived document, so a retry after a failure makes no second one.
    const voided = await this.documents.voidDocument(
      agreement.signedDocLink || agreement.docLink,
      actor.email,
      now,
    );
    const updated = await this.apply(agreement, 'void', actor, () => ({
      voidDocLink: voided.docLink,
      voidedAt: now,
    }));
    return { message: 'Contract voided.', status: updated.status, voidDocLink: voided.docLink };
  }

  async delete(token: string, actor: LifecycleActor) {
    const agreement = await this.checked(token, 'delete', actor);
    const now = new Date();
    const deleted = await this.repository.record(agreement, {
      now,
      condition: { deletedAt: null },
      set: { deletedAt: now, deletedBy: actor.email },
      event: eventBy(actor, 'deleted'),
    });
    if (!deleted) throw new NotFoundException('Contract not found.');
    this.repository.changed(deleted, 'deleted');
    return { message: 'Contract deleted.' };
  }

  /**
   * Resend: a new agreement with a new token for the same document, mailed
   * through the send's steps; the old one becomes resent. Repeating the call
   * continues the same resend.
   */
  async resend(
    token: string,
    actor: LifecycleActor,
  ): Promise<ContractSendResult & { message: string }> {
    // A send interrupted after the new record was mailed leaves the old one
    // cancelled/expired, so the check passes and the resend below continues it.
    const agreement = await this.checked(token, 'resend', actor);
    const result = await this.sending.resend(agreement, actor);
    const now = new Date();
    await this.repository.transition(agreement, actionRule('standard', 'resend'), {
      now,
      set: { isResend: true, resendAt: now, replacedBy: result._id },
      event: eventBy(actor, 'resent'),
    });
    return { ...result, message: 'Contract resent.' };
  }

  /** Edit and Resend: allowed? then the record to prefill the creation screen with. */
  async editResend(token: string, actor: LifecycleActor) {
    const agreement = await this.checked(token, 'editAndResend', actor);
    return {
      contract: {
        ...agreement.toObject().form,
        _id: String(agreement._id),
        token: agreement.token,
        docLink: agreement.docLink,
      },
    };
  }

  /** Expires one contract (schedule): only if still waiting for the signer. */
  async expire(agreementId: Agreement['_id'], now: Date): Promise<boolean> {
    const expired = await this.repository.transition(
      { _id: agreementId, family: 'standard' },
      transitionRule('standard', 'expire'),
      { now, set: { expiredAt: now }, event: eventBy(SYSTEM_ACTOR, 'expired') },
    );
    return Boolean(expired);
  }

  private async checked(
    token: string,
    action: ContractAction,
    actor: LifecycleActor,
  ): Promise<StandardAgreement> {
    const agreement = await this.repository.findByKey<StandardContractForm>('sign', token);
    if (!agreement || agreement.family !== 'standard' || agreement.status === null) {
      throw new NotFoundException('Contract not found.');
    }
    if (agreement.deletedAt) throw new NotFoundException('Contract not found.');
    const decision = decideContractAction(action, agreement, actor, new Date());
    if (decision.allowed) return agreement;
    if (decision.reason === 'rights') throw new ForbiddenException(decision.message);
    if (decision.reason === 'locked') {
      throw new ConflictException(reminderLockedMessage(agreement.reminderDeactivateTime));
    }
    throw new ConflictException(decision.message);
  }

  /** The action's status change from the family's table; 409 if the agreement changed meanwhile. */
  private async apply(
    agreement: StandardAgreement,
    action: ContractAction,
    actor: LifecycleActor,
    fields: (now: Date) => Record<string, unknown>,
  ): Promise<StandardAgreement> {
    const now = new Date();
    const rule = actionRule('standard', action);
    const updated = await this.repository.transition<StandardContractForm>(agreement, rule, {
      now,
      set: fields(now),
      event: eventBy(actor, rule.to ?? action),
    });
    if (updated) return updated;
    const current = await this.repository.findById(agreement._id);
    this.logger.warn(
      `${action} of contract ${String(agreement._id)} lost a race (now ${current?.status})`,
    );
    throw new ConflictException(
      current &&
        decideContractAction(
          action,
          { ...current.toObject(), status: current.status },
          SYSTEM_ACTOR,
          now,
        ).allowed
        ? 'The contract changed meanwhile. Please try again.'
        : `This contract is now ${current?.status ?? 'gone'}.`,
    );
  }
}
