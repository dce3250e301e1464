import {
  BadGatewayException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ACTIVE_CONTRACT_STATUSES,
  agreementTitle,
  decideContractAction,
  reminderLockedMessage,
  type ContractAction,
  type ContractStatus,
} from '@prosign/domain';
import type { QueryFilter, Model, UpdateQuery } from 'mongoose';
import { AppConfig } from '../../platform/config/app-config';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import { DocumentsService } from '../documents/documents.service';
import { MailService } from '../mail/mail.service';
import { ContractSendService, type ContractSendResult } from './contract-send.service';
import { Contract, type ContractDocument } from './contract.schema';

/** Who acts: the signed-in staff member (from the session) or the worker's schedules. */
export interface LifecycleActor {
  email: string;
  ip?: string;
  isAdmin: boolean;
  userAccessAccess: boolean;
}

export const SYSTEM_ACTOR: LifecycleActor = {
  email: 'system',
  isAdmin: true,
  userAccessAccess: true,
};

/** Statuses a reminder may go out in (Send Reminder's row of spec 2 §4). */
const REMINDABLE: ContractStatus[] = ['not signed', 'viewed'];

/**
 * The lifecycle actions of spec 2 §4/§7. Each is checked with the shared
 * availability table (decideContractAction), applied by one conditional
 * update on the contract (so two clicks or two workers cannot both apply
 * it), writes a history line with the actor and IP, and tells dashboards.
 */
@Injectable()
export class ContractLifecycleService {
  private readonly logger = new Logger(ContractLifecycleService.name);

  constructor(
    @InjectModel(Contract.name) private readonly contracts: Model<Contract>,
    private readonly mail: MailService,
    private readonly documents: DocumentsService,
    private readonly sending: ContractSendService,
    private readonly realtime: RealtimePublisher,
    private readonly config: AppConfig,
  ) {}

  async sendReminder(token: string, actor: LifecycleActor) {
    const contract = await this.checked(token, 'sendReminder', actor);
    const sent = await this.remind(contract, actor, new Date());
    if (!sent) {
      const current = await this.contracts.findById(contract._id);
      throw new ConflictException(reminderLockedMessage(current?.reminderDeactivateTime ?? null));
    }
    return {
      message: 'Reminder sent.',
      remindersAt: sent.remindersAt.map((at) => at.toISOString()),
      reminderDeactivateTime: sent.reminderDeactivateTime?.toISOString() ?? null,
    };
  }

  /**
   * Claims the reminder on the contract (status still remindable, lock off,
   * and for automatic ones the cadence due) and only then mails it: of two
   * concurrent attempts one claims, the other gets null.
   */
  async remind(
    contract: ContractDocument,
    actor: LifecycleActor,
    now: Date,
    extraCondition: QueryFilter<Contract> = {},
  ): Promise<ContractDocument | null> {
    const lockUntil = new Date(now.getTime() + this.config.REMINDER_LOCK_HOURS * 3600_000);
    const claimed = await this.contracts.findOneAndUpdate(
      {
        _id: contract._id,
        status: { $in: REMINDABLE },
        deletedAt: null,
        $and: [
          {
            $or: [{ isDeactiveReminder: false }, { reminderDeactivateTime: { $lte: now } }],
          },
          extraCondition,
        ],
      },
      {
        $set: {
          isDeactiveReminder: true,
          reminderDeactivateTime: lockUntil,
          lastReminderAt: now,
        },
        $push: { remindersAt: now, history: historyEntry('reminder_sent', actor, now) },
      },
      { returnDocument: 'after' },
    );
    if (!claimed) return null;
    try {
      await this.sendReminderMail(claimed, now);
    } catch (error) {
      // Nothing was sent: give the claim back (lock and reminder time as they were), so the
      // next try is allowed at once and the card does not claim a reminder that never left.
      await this.contracts.updateOne(
        { _id: claimed._id, lastReminderAt: now },
        {
          $set: {
            isDeactiveReminder: contract.isDeactiveReminder,
            reminderDeactivateTime: contract.reminderDeactivateTime,
            lastReminderAt: contract.lastReminderAt,
            remindersAt: contract.remindersAt,
          },
          $push: { history: historyEntry('reminder_failed', actor, new Date()) },
        },
      );
      this.logger.warn(`reminder for contract ${String(claimed._id)} not queued: ${(error as Error).message}`);
      throw new BadGatewayException('Error sending reminder email. Please try again.');
    }
    this.changed(claimed);
    return claimed;
  }

  private async sendReminderMail(claimed: ContractDocument, now: Date): Promise<void> {
    await this.mail.send({
      key: `contract-reminder.${claimed.token}.${now.getTime()}`,
      template: {
        kind: 'reminder',
        data: {
          recipientName: claimed.full_name,
          agreementTitle: agreementTitle(claimed.contractTitle, claimed.form_type),
          link: claimed.signingLink,
          senderEmail: claimed.csm_email,
        },
      },
      to: [claimed.email],
      replyTo: claimed.csm_email,
    });
  }

  async cancel(token: string, actor: LifecycleActor) {
    const contract = await this.checked(token, 'cancel', actor);
    const now = new Date();
    const updated = await this.transition(contract, ACTIVE_CONTRACT_STATUSES, 'cancel', {
      $set: { status: 'cancelled', cancelledAt: now },
      $push: { history: historyEntry('cancelled', actor, now) },
    });
    return { message: 'Contract cancelled.', status: updated.status };
  }

  async markAsSigned(token: string, actor: LifecycleActor) {
    const contract = await this.checked(token, 'markAsSigned', actor);
    const now = new Date();
    const updated = await this.transition(contract, ACTIVE_CONTRACT_STATUSES, 'markAsSigned', {
      $set: { status: 'signed_manually', signedAt: now, signedIp: actor.ip ?? null },
      $push: { history: historyEntry('signed_manually', actor, now) },
    });
    return { message: 'Contract marked as signed.', status: updated.status };
  }

  /** Void: the signed PDF (or the agreement if no final PDF exists) stamped VOID, status void. */
  async void(token: string, actor: LifecycleActor) {
    const contract = await this.checked(token, 'void', actor);
    const now = new Date();
    const signed = contract.signedDocLink;
    // Same source → same derived document, so a retry after a failure makes no second one.
    const voided = await this.documents.voidDocument(signed || contract.docLink, actor.email, now);
    const updated = await this.transition(contract, ['signed', 'signed_manually'], 'void', {
      $set: { status: 'void', voidDocLink: voided.docLink, voidedAt: now },
      $push: { history: historyEntry('void', actor, now) },
    });
    return { message: 'Contract voided.', status: updated.status, voidDocLink: voided.docLink };
  }

  async delete(token: string, actor: LifecycleActor) {
    const contract = await this.checked(token, 'delete', actor);
    const now = new Date();
    const deleted = await this.contracts.findOneAndUpdate(
      { _id: contract._id, deletedAt: null },
      {
        $set: { deletedAt: now, deletedBy: actor.email },
        $push: { history: historyEntry('deleted', actor, now) },
      },
      { returnDocument: 'after' },
    );
    if (!deleted) throw new NotFoundException('Contract not found.');
    this.changed(deleted, 'deleted');
    return { message: 'Contract deleted.' };
  }

  /**
   * Resend: a new contract record with a new token for the same document,
   * mailed through the send's steps; the old one becomes resent. Repeating
   * the call continues the same resend.
   */
  async resend(
    token: string,
    actor: LifecycleActor,
  ): Promise<ContractSendResult & { message: string }> {
    // A send interrupted after the new record was mailed leaves the old one
    // cancelled/expired, so the check passes and the resend below continues it.
    const contract = await this.checked(token, 'resend', actor);
    const result = await this.sending.resend(contract, { email: actor.email, ip: actor.ip });
    const now = new Date();
    const marked = await this.contracts.findOneAndUpdate(
      { _id: contract._id, status: { $in: ['cancelled', 'expired'] }, isResend: false },
      {
        $set: { status: 'resent', isResend: true, resendAt: now, resentAsToken: result.token },
        $push: { history: historyEntry('resent', actor, now) },
      },
      { returnDocument: 'after' },
    );
    if (marked) this.changed(marked);
    this.realtime.contractChanged({
      family: 'standard',
      id: result._id,
      status: result.status ?? 'not signed',
    });
    return { ...result, message: 'Contract resent.' };
  }

  /** Edit and Resend: allowed? then the record to prefill the creation screen with. */
  async editResend(token: string, actor: LifecycleActor) {
    const contract = await this.checked(token, 'editAndResend', actor);
    const o = contract.toObject();
    return {
      contract: {
        _id: String(o._id),
        token: o.token,
        docLink: o.docLink,
        full_name: o.full_name,
        email: o.email,
        company_name: o.company_name,
        contact_number: o.contact_number,
        cc_email: o.cc_email,
        site_address: o.site_address,
        city: o.city,
        state: o.state,
        zipcode: o.zipcode,
        cost: o.cost,
        deposit: o.deposit,
        balance: o.balance,
        progress: o.progress,
        csm_email: o.csm_email,
        pm_email: o.pm_email,
        form_type: o.form_type,
        t24ReportCount: o.t24ReportCount,
        contractIntro: o.contractIntro,
        contractTitle: o.contractTitle,
        contractEngineerBasicService: o.contractEngineerBasicService,
        contractEngineerAddService: o.contractEngineerAddService,
        contractDescription: o.contractDescription,
        contractPayment: o.contractPayment,
        contractLicense: o.contractLicense,
        contractTermsAndConditions: o.contractTermsAndConditions,
        hsDealId: o.hsDealId,
      },
    };
  }

  /** Expires one contract (schedule): only if still waiting for the signer. */
  async expire(contractId: unknown, now: Date): Promise<boolean> {
    const expired = await this.contracts.findOneAndUpdate(
      { _id: contractId, status: { $in: ACTIVE_CONTRACT_STATUSES }, deletedAt: null },
      {
        $set: { status: 'expired', expiredAt: now },
        $push: { history: historyEntry('expired', SYSTEM_ACTOR, now) },
      },
      { returnDocument: 'after' },
    );
    if (expired) this.changed(expired);
    return Boolean(expired);
  }

  private async findListed(token: string): Promise<ContractDocument> {
    const contract = await this.contracts.findOne({
      token,
      status: { $ne: null },
      deletedAt: null,
    });
    if (!contract) throw new NotFoundException('Contract not found.');
    return contract;
  }

  private async checked(
    token: string,
    action: ContractAction,
    actor: LifecycleActor,
  ): Promise<ContractDocument> {
    const contract = await this.findListed(token);
    this.assertAllowed(contract, action, actor);
    return contract;
  }

  private assertAllowed(contract: ContractDocument, action: ContractAction, actor: LifecycleActor) {
    const decision = decideContractAction(action, contract, actor, new Date());
    if (decision.allowed) return;
    if (decision.reason === 'rights') throw new ForbiddenException(decision.message);
    if (decision.reason === 'locked') {
      throw new ConflictException(reminderLockedMessage(contract.reminderDeactivateTime));
    }
    throw new ConflictException(decision.message);
  }

  /** One conditional update from the statuses the action is allowed in; 409 if it changed meanwhile. */
  private async transition(
    contract: ContractDocument,
    from: readonly ContractStatus[],
    action: ContractAction,
    update: UpdateQuery<Contract>,
  ): Promise<ContractDocument> {
    const updated = await this.contracts.findOneAndUpdate(
      { _id: contract._id, status: { $in: [...from] }, deletedAt: null },
      update,
      { returnDocument: 'after' },
    );
    if (!updated) {
      const current = await this.contracts.findById(contract._id, { status: 1 });
      this.logger.warn(`${action} of contract ${String(contract._id)} lost a race (now ${current?.status})`);
      throw new ConflictException(
        decideContractAction(
          action,
          { ...contract.toObject(), status: current?.status ?? null },
          SYSTEM_ACTOR,
          new Date(),
        ).allowed
          ? 'The contract changed meanwhile. Please try again.'
          : `This contract is now ${current?.status ?? 'gone'}.`,
      );
    }
    this.changed(updated);
    return updated;
  }

  private changed(contract: ContractDocument, status?: string): void {
    this.realtime.contractChanged({
      family: 'standard',
      id: String(contract._id),
      status: status ?? contract.status ?? 'not signed',
    });
  }
}

function historyEntry(status: string, actor: LifecycleActor, at: Date) {
  return { timestamp: at, status, performedBy: actor.email, ipAddress: actor.ip ?? null };
}
