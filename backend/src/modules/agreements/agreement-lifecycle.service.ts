import {
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import {
  actionRule,
  EMAIL_CODE_MESSAGES,
  EMAIL_CODE_RULES,
  emailCodeLockedOf,
  SINGLE_SIGNER_RECIPIENT_ID,
  decideAgreementAction,
  reminderLockedMessage,
  transitionRule,
  type AgreementAction,
  type AgreementDeleted,
  type AgreementFamily,
  type AgreementForEditing,
  type AgreementResent,
  type AgreementStatusChanged,
  type AgreementVoided,
  type HandoverResponse,
  type ReminderSent,
} from '@prosign/domain';
import type { QueryFilter } from 'mongoose';
import { DerivedDocumentsService } from '../documents';
import { allSignedChange } from './agreement-recipients';
import type { Agreement, AgreementDocument } from './agreement.schema';
import { AgreementRepository } from './agreement.repository';
import { AgreementAnnouncer } from './agreement-announcer';
import { AgreementEventRepository } from './agreement-events.repository';
import { AgreementLinkRepository } from './agreement-links.repository';
import { AgreementSendService } from './agreement-send.service';
import { AgreementHandoverService } from './agreement-handover.service';
import { AgreementCrmEvents } from './agreement-crm-events';
import { AgreementReminders } from './agreement-reminders';
import {
  actionSubjectOf,
  eventBy,
  SYSTEM_ACTOR,
  type AgreementRef,
  type LifecycleActor,
} from './lifecycle-actor';

/**
 * The dashboard actions and the schedules' changes of spec 2 §4/§7 and spec 3
 * §4, for every family. Each is checked with the family's action table,
 * applied by the repository's one conditional update built from the same
 * table (so two clicks or two workers cannot both apply it), appended to the
 * event log with the actor, IP and browser, and told to dashboards.
 */
@Injectable()
export class AgreementLifecycleService {
  private readonly logger = new Logger(AgreementLifecycleService.name);

  constructor(
    private readonly crmEvents: AgreementCrmEvents,
    private readonly repository: AgreementRepository,
    private readonly links: AgreementLinkRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly announcer: AgreementAnnouncer,
    private readonly derivedDocuments: DerivedDocumentsService,
    private readonly sending: AgreementSendService,
    private readonly handover: AgreementHandoverService,
    private readonly reminders: AgreementReminders,
  ) {}

  /**
   * Change signer: an unsigned client signer's place goes to someone else,
   * who gets their own link; the old link closes. Allowed by the family's action table.
   */
  async changeSigner(
    family: AgreementFamily,
    ref: AgreementRef,
    actor: LifecycleActor,
    body: { recipientId?: string; name?: unknown; email?: unknown; note?: unknown } = {},
  ): Promise<HandoverResponse> {
    const agreement = await this.checked(family, ref, 'changeSigner', actor);
    return this.handover.handOver(agreement, body.recipientId || SINGLE_SIGNER_RECIPIENT_ID, body, {
      kind: 'staff',
      email: actor.email,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
    });
  }

  /**
   * Re-open a signer's e-mail code step locked by too many wrong codes: their
   * count of wrong entries starts again from 0, an event of the chain names who re-opened it.
   * Allowed by the family's action table while the agreement is open and the place is locked.
   */
  async reopenEmailCode(
    family: AgreementFamily,
    ref: AgreementRef,
    actor: LifecycleActor,
    body: { recipientId?: string } = {},
  ): Promise<{ message: string }> {
    const agreement = await this.checked(family, ref, 'reopenEmailCode', actor);
    const recipientId = body.recipientId || SINGLE_SIGNER_RECIPIENT_ID;
    const path = `emailCodeFailures.${recipientId}`;
    if (!emailCodeLockedOf(agreement.emailCodeFailures).includes(recipientId)) {
      throw new ConflictException(EMAIL_CODE_MESSAGES.notLocked);
    }
    // Conditional on the place being locked still: two clicks re-open (and record) once.
    const reopened = await this.eventLog.record(
      agreement,
      {
        condition: {
          deletedAt: null,
          [path]: { $gte: EMAIL_CODE_RULES.maxFailuresPerPlace },
        } as QueryFilter<Agreement>,
        set: { [path]: 0 },
        event: { ...eventBy(actor, 'email_code_reopened'), data: { recipientId } },
      },
      { notify: true },
    );
    if (!reopened) throw new ConflictException(EMAIL_CODE_MESSAGES.notLocked);
    return { message: EMAIL_CODE_MESSAGES.reopened };
  }

  async sendReminder(
    family: AgreementFamily,
    ref: AgreementRef,
    actor: LifecycleActor,
  ): Promise<ReminderSent> {
    const agreement = await this.checked(family, ref, 'sendReminder', actor);
    const sent = await this.reminders.remind(agreement, actor, new Date());
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

  async cancel(
    family: AgreementFamily,
    ref: AgreementRef,
    actor: LifecycleActor,
  ): Promise<AgreementStatusChanged> {
    const agreement = await this.checked(family, ref, 'cancel', actor);
    const updated = await this.apply(agreement, 'cancel', actor, (now) => ({ cancelledAt: now }));
    await this.crmEvents.record(updated, 'cancelled');
    return { message: 'Contract cancelled.', status: updated.status };
  }

  async markAsSigned(
    family: AgreementFamily,
    ref: AgreementRef,
    actor: LifecycleActor,
  ): Promise<AgreementStatusChanged> {
    const agreement = await this.checked(family, ref, 'markAsSigned', actor);
    const updated = await this.apply(agreement, 'markAsSigned', actor, (now) => ({
      signedAt: now,
      signedIp: actor.ip ?? null,
      ...allSignedChange(agreement, now),
    }));
    return { message: 'Contract marked as signed.', status: updated.status };
  }

  /** Void: the signed PDF (or the agreement if no final PDF exists) stamped VOID, status void. */
  async void(
    family: AgreementFamily,
    ref: AgreementRef,
    actor: LifecycleActor,
  ): Promise<AgreementVoided> {
    const agreement = await this.checked(family, ref, 'void', actor);
    const now = new Date();
    // Same source → same derived document, so a retry after a failure makes no second one.
    const voided = await this.derivedDocuments.voidDocument(
      agreement.signedDocLink || agreement.docLink,
      actor.email,
      now,
    );
    const updated = await this.apply(agreement, 'void', actor, () => ({
      voidDocLink: voided.docLink,
      voidedAt: now,
    }));
    // The VOID-stamped PDF goes onto the CRM record too.
    await this.crmEvents.record(updated, 'voided', { link: voided.docLink });
    return { message: 'Contract voided.', status: updated.status, voidDocLink: voided.docLink };
  }

  async delete(
    family: AgreementFamily,
    ref: AgreementRef,
    actor: LifecycleActor,
  ): Promise<AgreementDeleted> {
    const agreement = await this.checked(family, ref, 'delete', actor);
    const now = new Date();
    const deleted = await this.eventLog.record(agreement, {
      now,
      condition: { deletedAt: null },
      set: { deletedAt: now, deletedBy: actor.email },
      event: eventBy(actor, 'deleted'),
    });
    if (!deleted) throw new NotFoundException('Contract not found.');
    this.announcer.changed(deleted, 'deleted');
    return { message: 'Contract deleted.' };
  }

  /**
   * Resend: a new agreement with a new token for the same document, mailed
   * through the send's steps; the old one becomes resent. Repeating the call
   * continues the same resend.
   */
  async resend(
    family: AgreementFamily,
    ref: AgreementRef,
    actor: LifecycleActor,
  ): Promise<AgreementResent> {
    // A send interrupted after the new record was mailed leaves the old one
    // cancelled/expired, so the check passes and the resend below continues it.
    const agreement = await this.checked(family, ref, 'resend', actor);
    const result = await this.sending.resend(agreement, actor);
    const now = new Date();
    await this.eventLog.transition(agreement, actionRule(family, 'resend'), {
      now,
      set: { isResend: true, resendAt: now, replacedBy: result._id },
      event: eventBy(actor, 'resent'),
    });
    return { ...result, message: 'Contract resent.' };
  }

  /** Edit and Resend: allowed? then the record to prefill the creation screen with. */
  async editResend(
    family: AgreementFamily,
    ref: AgreementRef,
    actor: LifecycleActor,
  ): Promise<AgreementForEditing<object>> {
    const agreement = await this.checked(family, ref, 'editAndResend', actor);
    return {
      contract: {
        ...(agreement.toObject().form as object),
        _id: String(agreement._id),
        token: agreement.token,
        docLink: agreement.docLink,
        // The new agreement asks its signers for the same proof unless staff untick it.
        requireEmailCode: agreement.requireEmailCode === true,
      },
    };
  }

  /** Expires one agreement (schedule): only if still waiting for the signer. */
  async expire(
    family: AgreementFamily,
    agreementId: Agreement['_id'],
    now: Date,
  ): Promise<boolean> {
    const expired = await this.eventLog.transition(
      { _id: agreementId, family },
      transitionRule(family, 'expire'),
      { now, set: { expiredAt: now }, event: eventBy(SYSTEM_ACTOR, 'expired') },
    );
    if (expired) await this.crmEvents.record(expired, 'expired');
    return Boolean(expired);
  }

  /** A listed agreement of the family, if the actor may take the action on it now. */
  async checked<TForm extends object = object>(
    family: AgreementFamily,
    ref: AgreementRef,
    action: AgreementAction,
    actor: LifecycleActor,
  ): Promise<AgreementDocument<TForm>> {
    const agreement =
      typeof ref === 'string'
        ? await this.links.findByKey<TForm>('sign', ref)
        : await this.repository.findById<TForm>(ref.id);
    if (!agreement || agreement.family !== family || agreement.status === null) {
      throw new NotFoundException('Contract not found.');
    }
    if (agreement.deletedAt) throw new NotFoundException('Contract not found.');
    const decision = decideAgreementAction(
      family,
      action,
      actionSubjectOf(agreement),
      actor,
      new Date(),
    );
    if (decision.allowed) return agreement;
    if (decision.reason === 'rights') throw new ForbiddenException(decision.message);
    if (decision.reason === 'locked') {
      throw new ConflictException(reminderLockedMessage(agreement.reminderDeactivateTime));
    }
    throw new ConflictException(decision.message);
  }

  /** The action's status change from the family's table; 409 if the agreement changed meanwhile. */
  private async apply(
    agreement: AgreementDocument<object>,
    action: AgreementAction,
    actor: LifecycleActor,
    fields: (now: Date) => Record<string, unknown>,
  ): Promise<AgreementDocument<object>> {
    const now = new Date();
    const rule = actionRule(agreement.family, action);
    const updated = await this.eventLog.transition<object>(agreement, rule, {
      now,
      set: fields(now),
      event: eventBy(actor, rule.to ?? action),
    });
    if (updated) return updated;
    const current = await this.repository.findById(agreement._id);
    this.logger.warn(
      `${action} of agreement ${String(agreement._id)} lost a race (now ${current?.status})`,
    );
    const stillAllowed =
      current &&
      decideAgreementAction(agreement.family, action, actionSubjectOf(current), SYSTEM_ACTOR, now)
        .allowed;
    throw new ConflictException(
      stillAllowed
        ? 'The contract changed meanwhile. Please try again.'
        : `This contract is now ${current?.status ?? 'gone'}.`,
    );
  }
}
