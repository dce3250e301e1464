import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  agreementTitle,
  CONTRACT_SEND_STEPS,
  contractFormErrors,
  contractSearchText,
  contractSendFailureMessage,
  contractSigningLink,
  extractDocId,
  withDocLinkMode,
  type ContractSendStep,
  type ContractStatus,
} from '@prosign/domain';
import type { Model } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { CRM_PORT, type CrmPort } from '../../integrations/crm/crm.port';
import { AppConfig } from '../../platform/config/app-config';
import { DocumentsService } from '../documents/documents.service';
import { MailService } from '../mail/mail.service';
import { Contract, type ContractDocument } from './contract.schema';
import type {
  ContractRecordDto,
  SaveTokenDto,
  SendContractCopyDto,
  SendContractDto,
  SendLinkDto,
} from './dto/send-contract.dto';

/** Who sends: the signed-in staff member and the address the request came from. */
export interface SendActor {
  email: string;
  ip?: string;
}

export interface ContractSendResult {
  /** The contract's id: what dashboards and realtime events name it by. */
  _id: string;
  token: string;
  signingLink: string;
  docLink: string;
  status: string | null;
  send: {
    state: 'in_progress' | 'completed';
    steps: Partial<Record<ContractSendStep, string>>;
  };
}

/** Statuses a contract can be edited and resent from (spec 2 §4 action table). */
const REPLACEABLE_STATUSES: ContractStatus[] = ['cancelled', 'expired'];
const DUPLICATE_KEY = 11000;

/** 192 random bits: signing links cannot be guessed (ARCHITECTURE §3 asks ≥128). */
export function newContractToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Sending a standard contract (spec 2 §4) as one server operation: review-link
 * e-mail, document to the cc address, token record saved, the replaced record
 * marked edited_resent, CRM deal moved to "sent" — in that order. Each finished
 * step is stored on the contract record, keyed by the agreement document, so a
 * retry after a failure continues at the failed step; mail goes through the
 * mail queue under keys derived from the token, so nothing is sent twice.
 */
@Injectable()
export class ContractSendService {
  private readonly logger = new Logger(ContractSendService.name);

  constructor(
    @InjectModel(Contract.name) private readonly contracts: Model<Contract>,
    private readonly mail: MailService,
    private readonly documents: DocumentsService,
    @Inject(CRM_PORT) private readonly crm: CrmPort,
    private readonly config: AppConfig,
  ) {}

  async send(input: SendContractDto, actor: SendActor): Promise<ContractSendResult> {
    const sendKey = this.sendKeyOf(input.docLink);
    const formErrors = contractFormErrors(input);
    if (formErrors.length) throw new BadRequestException(formErrors);
    if (input.replacesToken) await this.assertReplaceable(input.replacesToken, sendKey);
    // The document must exist before anything is sent (a 404 here changes nothing).
    await this.documents.pdfOf(input.docLink);

    const contract = await this.ensureRecord(sendKey, input, actor);
    if (contract.send.state === 'completed') return resultOf(contract);

    return resultOf(await this.runSteps(contract, CONTRACT_SEND_STEPS, actor));
  }

  /**
   * `POST /api/email/send-link` (spec 2 §7): the first step on its own. Starts
   * the document's send (or finds it) and mails the review link once.
   */
  async sendLink(input: SendLinkDto, actor: SendActor): Promise<{ unique_token: string }> {
    const sendKey = this.sendKeyOf(input.doclink);
    await this.documents.pdfOf(input.doclink);
    let contract = await this.contracts.findOne({ sendKey });
    if (!contract) {
      contract = await this.ensureRecord(
        sendKey,
        {
          docLink: input.doclink,
          full_name: input.first_name,
          email: input.email,
          contact_number: input.contact_number,
          csm_email: input.csm_email,
          // Filled in by token/save; the record is not listed before that.
          cost: 0,
          deposit: 0,
          t24ReportCount: 0,
          subject: input.subject,
          filename: input.filename,
        },
        actor,
      );
    }
    await this.runSteps(contract, ['reviewLinkMail'], actor);
    return { unique_token: contract.token };
  }

  /** `POST /api/template/send-contract`: the document to the cc address, once. */
  async sendCopy(input: SendContractCopyDto, actor: SendActor): Promise<{ success: true }> {
    const contract = await this.contracts.findOne({ sendKey: this.sendKeyOf(input.docLink) });
    if (!contract) {
      throw new NotFoundException(
        'No send was started for this document: send the review link first.',
      );
    }
    if (!contract.send.steps?.ccCopy) {
      await this.contracts.updateOne(
        { _id: contract._id },
        {
          $set: {
            cc_email: input.recipientEmail,
            ...(input.filename?.trim() ? { 'send.filename': input.filename.trim() } : {}),
          },
        },
      );
    }
    const fresh = await this.contracts.findById(contract._id);
    await this.runSteps(fresh ?? contract, ['ccCopy'], actor);
    return { success: true };
  }

  /** `POST /api/token/save`: the contract record under the token send-link made. */
  async saveToken(
    input: SaveTokenDto,
    actor: SendActor,
  ): Promise<{ success: true; token: string }> {
    const formErrors = contractFormErrors(input);
    if (formErrors.length) throw new BadRequestException(formErrors);
    const contract = await this.contracts.findOne({
      token: input.token,
      sendKey: this.sendKeyOf(input.docLink),
    });
    if (!contract)
      throw new NotFoundException('No contract was sent with this token and document.');
    let current = contract;
    if (!contract.send.steps?.recordSaved) {
      current =
        (await this.contracts.findOneAndUpdate(
          { _id: contract._id },
          { $set: recordFields(input) },
          { returnDocument: 'after' },
        )) ?? contract;
    }
    await this.runSteps(current, ['recordSaved'], actor);
    return { success: true, token: contract.token };
  }

  /**
   * Runs the given steps in the order of spec 2 §4, skipping finished ones and
   * recording each as it finishes; the first failure is stored and reported
   * with the part that failed. The send is complete once every step is done.
   */
  private async runSteps(
    start: ContractDocument,
    steps: readonly ContractSendStep[],
    actor: SendActor,
  ): Promise<ContractDocument> {
    let contract = start;
    if (contract.send.state === 'completed') return contract;
    await this.contracts.updateOne(
      { _id: contract._id },
      { $inc: { 'send.attempts': 1 }, $set: { 'send.failedStep': null, 'send.lastError': null } },
    );
    for (const step of CONTRACT_SEND_STEPS) {
      if (!steps.includes(step) || contract.send.steps?.[step]) continue;
      try {
        await this.runStep(step, contract, actor);
      } catch (error) {
        const detail = errorDetail(error);
        if (!(error instanceof HttpException)) this.logger.error(error);
        await this.contracts.updateOne(
          { _id: contract._id },
          { $set: { 'send.failedStep': step, 'send.lastError': detail } },
        );
        this.logger.warn(`send of contract ${contract.sendKey} stopped at ${step}: ${detail}`);
        throw new BadGatewayException(contractSendFailureMessage(step, detail));
      }
      contract = await this.markStepDone(contract, step);
    }
    if (CONTRACT_SEND_STEPS.some((step) => !contract.send.steps?.[step])) return contract;
    const completed = await this.contracts.findOneAndUpdate(
      { _id: contract._id },
      { $set: { 'send.state': 'completed', 'send.completedAt': new Date() } },
      { returnDocument: 'after' },
    );
    return completed ?? contract;
  }

  /**
   * Resend (spec 2 §4): the same document to the same client under a new
   * token, through the same resumable steps. Keyed by the old token, so a
   * repeated Resend continues this one instead of starting another.
   */
  async resend(previous: ContractDocument, actor: SendActor): Promise<ContractSendResult> {
    const record = previous.toObject() as unknown as ContractRecordDto;
    const contract = await this.ensureRecord(
      `resend-of.${previous.token}`,
      {
        ...record,
        subject: previous.send.subject ?? undefined,
        filename: previous.send.filename ?? undefined,
      },
      actor,
    );
    if (contract.send.state === 'completed') return resultOf(contract);
    return resultOf(await this.runSteps(contract, CONTRACT_SEND_STEPS, actor));
  }

  private sendKeyOf(docLink: string): string {
    const docId = extractDocId(docLink);
    if (!docId) throw new BadRequestException('Invalid document link.');
    return docId;
  }

  /**
   * The record of this document's send: created on the first attempt with a new
   * token; on a retry the stored one, whose data is refreshed only while no
   * mail has gone out yet (what the client received stays what was saved).
   */
  private async ensureRecord(
    sendKey: string,
    input: ContractRecordDto & Pick<SendContractDto, 'replacesToken' | 'subject' | 'filename'>,
    actor: SendActor,
  ): Promise<ContractDocument> {
    const existing = await this.contracts.findOne({ sendKey });
    if (existing) {
      const done = existing.send.steps ?? {};
      if (existing.send.state === 'completed' || done.recordSaved) return existing;
      // Until the record is saved its data follows the latest request, except
      // what a mail already carried (the client and cc addresses, the sender's reply-to).
      const fields: Partial<ReturnType<typeof recordFields>> = recordFields(input);
      if (done.reviewLinkMail) {
        delete fields.email;
        delete fields.full_name;
        delete fields.csm_email;
      }
      if (done.ccCopy) delete fields.cc_email;
      const anyMailSent = Boolean(done.reviewLinkMail || done.ccCopy);
      const refreshed = await this.contracts.findOneAndUpdate(
        { _id: existing._id, 'send.state': 'in_progress' },
        { $set: { ...fields, ...sendFieldPaths(input, anyMailSent) } },
        { returnDocument: 'after' },
      );
      return refreshed ?? existing;
    }
    const token = newContractToken();
    try {
      return await this.contracts.create({
        ...recordFields(input),
        token,
        sendKey,
        docLink: input.docLink,
        signingLink: contractSigningLink(this.config.PUBLIC_SIGNING_URL, token, input.docLink),
        authenticatedEmailId: actor.email,
        status: null,
        send: { state: 'in_progress', steps: {}, startedAt: new Date(), ...sendFields(input) },
      });
    } catch (error) {
      // Two sends of the same document at once: the first one's record wins.
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      const winner = await this.contracts.findOne({ sendKey });
      if (!winner) throw error;
      return winner;
    }
  }

  private async assertReplaceable(token: string, sendKey: string): Promise<void> {
    const previous = await this.contracts.findOne(
      { token },
      { status: 1, sendKey: 1, isEditResend: 1 },
    );
    if (!previous || previous.status === null) {
      throw new NotFoundException('The contract being edited and resent was not found.');
    }
    if (previous.sendKey === sendKey) {
      throw new BadRequestException('An edited contract needs a new document.');
    }
    const alreadyReplacedByThis = await this.contracts.countDocuments({
      sendKey,
      'send.replacesToken': token,
    });
    if (!REPLACEABLE_STATUSES.includes(previous.status) && !alreadyReplacedByThis) {
      throw new ConflictException(
        `Only a cancelled or expired contract can be edited and resent; this one is ${previous.status}.`,
      );
    }
  }

  private async runStep(
    step: ContractSendStep,
    contract: ContractDocument,
    actor: SendActor,
  ): Promise<void> {
    const title = agreementTitle(contract.contractTitle, contract.form_type);
    switch (step) {
      case 'reviewLinkMail':
        await this.mail.send({
          key: `contract-review-link.${contract.token}`,
          template: {
            kind: 'signing-link',
            data: {
              recipientName: contract.full_name,
              agreementTitle: title,
              link: contract.signingLink,
              senderEmail: contract.csm_email,
              ...(contract.send.subject ? { subject: contract.send.subject } : {}),
            },
          },
          to: [contract.email],
          replyTo: contract.csm_email,
        });
        return;
      case 'ccCopy': {
        if (!contract.cc_email) return;
        const { pdf } = await this.documents.pdfOf(contract.docLink);
        await this.mail.send({
          key: `contract-cc-copy.${contract.token}`,
          template: {
            kind: 'cc-copy',
            data: {
              clientName: contract.full_name,
              agreementTitle: title,
              link: withDocLinkMode(contract.docLink, 'view'),
            },
          },
          to: [contract.cc_email],
          replyTo: contract.csm_email,
          attachments: [
            {
              filename: pdfFilename(contract.send.filename, title),
              contentType: 'application/pdf',
              content: Buffer.from(pdf),
            },
          ],
        });
        return;
      }
      case 'recordSaved': {
        const now = new Date();
        // Guarded by the step marker so a retry never adds the history line twice.
        await this.contracts.updateOne(
          { _id: contract._id, 'send.steps.recordSaved': { $exists: false } },
          {
            $set: {
              status: 'not signed',
              createdAt: now,
              createdIp: actor.ip ?? null,
              searchText: contractSearchText(contract),
            },
            $push: {
              history: {
                timestamp: now,
                status: 'sent',
                performedBy: actor.email,
                ipAddress: actor.ip ?? null,
              },
            },
          },
        );
        return;
      }
      case 'previousMarked': {
        const replaced = contract.send.replacesToken;
        if (!replaced) return;
        const now = new Date();
        const marked = await this.contracts.updateOne(
          { token: replaced, status: { $in: REPLACEABLE_STATUSES } },
          {
            $set: { status: 'edited_resent', isEditResend: true, editResendAt: now },
            $push: {
              history: {
                timestamp: now,
                status: 'edited_resent',
                performedBy: actor.email,
                ipAddress: actor.ip ?? null,
              },
            },
          },
        );
        if (marked.matchedCount === 0) {
          const previous = await this.contracts.findOne({ token: replaced }, { status: 1 });
          if (previous?.status !== 'edited_resent') {
            throw new ConflictException(
              `the previous contract is ${previous?.status ?? 'gone'} and cannot be marked edited and resent`,
            );
          }
        }
        return;
      }
      case 'crmStageSent':
        if (!contract.hsDealId) return;
        await this.crm.moveDealToStage(contract.hsDealId, 'sent', contract.signingLink);
        return;
    }
  }

  private async markStepDone(
    contract: ContractDocument,
    step: ContractSendStep,
  ): Promise<ContractDocument> {
    const updated = await this.contracts.findOneAndUpdate(
      { _id: contract._id },
      { $set: { [`send.steps.${step}`]: new Date() } },
      { returnDocument: 'after' },
    );
    if (!updated)
      throw new NotFoundException(`Contract ${contract.sendKey} vanished while sending`);
    return updated;
  }
}

function recordFields(input: ContractRecordDto) {
  return {
    docLink: input.docLink,
    full_name: input.full_name,
    email: input.email,
    company_name: input.company_name ?? '',
    contact_number: input.contact_number ?? '',
    cc_email: input.cc_email ?? '',
    site_address: input.site_address ?? '',
    city: input.city ?? '',
    state: input.state ?? '',
    zipcode: input.zipcode ?? '',
    cost: input.cost,
    deposit: input.deposit,
    progress: input.progress ?? 0,
    balance: input.balance ?? Math.max(0, input.cost - input.deposit - (input.progress ?? 0)),
    csm_email: input.csm_email,
    pm_email: input.pm_email ?? '',
    form_type: input.form_type ?? '',
    t24ReportCount: input.t24ReportCount,
    contractIntro: input.contractIntro ?? '',
    contractTitle: input.contractTitle ?? '',
    contractEngineerBasicService: input.contractEngineerBasicService ?? '',
    contractEngineerAddService: input.contractEngineerAddService ?? '',
    contractDescription: input.contractDescription ?? '',
    contractPayment: input.contractPayment ?? '',
    contractLicense: input.contractLicense ?? '',
    contractTermsAndConditions: input.contractTermsAndConditions ?? '',
    hsDealId: input.hsDealId || null,
  };
}

function sendFields(input: Pick<SendContractDto, 'replacesToken' | 'subject' | 'filename'>) {
  return {
    replacesToken: input.replacesToken ?? null,
    subject: input.subject?.trim() || null,
    filename: input.filename?.trim() || null,
  };
}

/** The send fields as update paths; subject and file name stay once a mail went out with them. */
function sendFieldPaths(
  input: Pick<SendContractDto, 'replacesToken' | 'subject' | 'filename'>,
  anyMailSent: boolean,
): Record<string, string | null> {
  const fields = sendFields(input);
  return {
    ...(input.replacesToken ? { 'send.replacesToken': fields.replacesToken } : {}),
    ...(anyMailSent ? {} : { 'send.subject': fields.subject, 'send.filename': fields.filename }),
  };
}

function pdfFilename(requested: string | null, title: string): string {
  const base = (requested || title).replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Agreement';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

function errorDetail(error: unknown): string {
  if (error instanceof HttpException) {
    const response = error.getResponse();
    const message =
      typeof response === 'string' ? response : (response as { message?: unknown }).message;
    return Array.isArray(message) ? message.join('; ') : String(message ?? error.message);
  }
  // Anything else is ours (database, queue): the details stay in the server log.
  return 'an unexpected error, logged on the server';
}

function resultOf(contract: ContractDocument): ContractSendResult {
  const steps: Partial<Record<ContractSendStep, string>> = {};
  for (const step of CONTRACT_SEND_STEPS) {
    const at = contract.send.steps?.[step];
    if (at) steps[step] = new Date(at).toISOString();
  }
  return {
    _id: String(contract._id),
    token: contract.token,
    signingLink: contract.signingLink,
    docLink: contract.docLink,
    status: contract.status,
    send: { state: contract.send.state, steps },
  };
}
