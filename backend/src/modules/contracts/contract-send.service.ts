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
import {
  actionRule,
  agreementTitle,
  CONTRACT_SEND_STEPS,
  contractFormErrors,
  contractSendFailureMessage,
  contractSigningLink,
  extractDocId,
  transitionRule,
  withDocLinkMode,
  type ContractSendStep,
} from '@prosign/domain';
import { CRM_PORT, type CrmPort } from '../../integrations/crm/crm.port';
import { AppConfig } from '../../platform/config/app-config';
import { AgreementRepository } from '../agreements/agreement.repository';
import {
  StepFailedError,
  StepRunner,
  StepRunnerBusyError,
  type StepPlan,
} from '../agreements/step-runner';
import { DocumentsService } from '../documents/documents.service';
import { MailService } from '../mail/mail.service';
import type {
  ContractRecordDto,
  SaveTokenDto,
  SendContractCopyDto,
  SendContractDto,
  SendLinkDto,
} from './dto/send-contract.dto';
import {
  standardFormOf,
  standardSearchText,
  type StandardAgreement,
  type StandardContractForm,
} from './standard-contract.form';

/** Who sends: the signed-in staff member and the request's address and browser. */
export interface SendActor {
  email: string;
  ip?: string;
  userAgent?: string | null;
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

type SendInput = ContractRecordDto & Pick<SendContractDto, 'subject' | 'filename'>;

/**
 * Sending a standard contract (spec 2 §4) as one resumable operation on the
 * agreement core: review-link e-mail, document to the cc address, record
 * published, the replaced record marked edited_resent, CRM deal moved to
 * "sent" — in that order, run by the StepRunner (each finished step stored,
 * a retry continues at the failed one). The send is keyed by the agreement
 * document; mail keys derive from the token, so nothing is sent twice.
 */
@Injectable()
export class ContractSendService {
  private readonly logger = new Logger(ContractSendService.name);

  constructor(
    private readonly repository: AgreementRepository,
    private readonly runner: StepRunner,
    private readonly mail: MailService,
    private readonly documents: DocumentsService,
    @Inject(CRM_PORT) private readonly crm: CrmPort,
    private readonly config: AppConfig,
  ) {}

  async send(input: SendContractDto, actor: SendActor): Promise<ContractSendResult> {
    const sendKey = this.sendKeyOf(input.docLink);
    const formErrors = contractFormErrors(input);
    if (formErrors.length) throw new BadRequestException(formErrors);
    const replacesId = input.replacesToken
      ? await this.assertReplaceable(input.replacesToken, sendKey)
      : null;
    // The document must exist before anything is sent (a 404 here changes nothing).
    await this.documents.pdfOf(input.docLink);
    const agreement = await this.ensureRecord(sendKey, input, actor, replacesId);
    return resultOf(await this.runSteps(agreement, CONTRACT_SEND_STEPS, actor));
  }

  /**
   * `POST /api/email/send-link` (spec 2 §7): the first step on its own. Starts
   * the document's send (or finds it) and mails the review link once.
   */
  async sendLink(input: SendLinkDto, actor: SendActor): Promise<{ unique_token: string }> {
    const sendKey = this.sendKeyOf(input.doclink);
    await this.documents.pdfOf(input.doclink);
    const agreement =
      (await this.repository.findByKey<StandardContractForm>('send', sendKey)) ??
      (await this.ensureRecord(
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
        null,
      ));
    await this.runSteps(agreement, ['reviewLinkMail'], actor);
    return { unique_token: agreement.token };
  }

  /** `POST /api/template/send-contract`: the document to the cc address, once. */
  async sendCopy(input: SendContractCopyDto, actor: SendActor): Promise<{ success: true }> {
    let agreement = await this.repository.findByKey<StandardContractForm>(
      'send',
      this.sendKeyOf(input.docLink),
    );
    if (!agreement) {
      throw new NotFoundException(
        'No send was started for this document: send the review link first.',
      );
    }
    if (!agreement.send?.steps?.ccCopy) {
      agreement =
        (await this.repository.record<StandardContractForm>(agreement, {
          set: {
            'form.cc_email': input.recipientEmail,
            ...(input.filename?.trim() ? { 'send.params.filename': input.filename.trim() } : {}),
          },
        })) ?? agreement;
    }
    await this.runSteps(agreement, ['ccCopy'], actor);
    return { success: true };
  }

  /** `POST /api/token/save`: the contract record under the token send-link made. */
  async saveToken(
    input: SaveTokenDto,
    actor: SendActor,
  ): Promise<{ success: true; token: string }> {
    const formErrors = contractFormErrors(input);
    if (formErrors.length) throw new BadRequestException(formErrors);
    const found = await this.repository.findByKey<StandardContractForm>(
      'send',
      this.sendKeyOf(input.docLink),
    );
    if (!found || found.token !== input.token) {
      throw new NotFoundException('No contract was sent with this token and document.');
    }
    let agreement = found;
    if (!found.send?.steps?.recordSaved) {
      const form = standardFormOf(input);
      agreement =
        (await this.repository.record<StandardContractForm>(found, {
          set: { form, searchText: standardSearchText(form) },
        })) ?? found;
    }
    await this.runSteps(agreement, ['recordSaved'], actor);
    return { success: true, token: found.token };
  }

  /**
   * Resend (spec 2 §4): the same document to the same client under a new
   * token, through the same resumable steps. Keyed by the old token, so a
   * repeated Resend continues this one instead of starting another.
   */
  async resend(previous: StandardAgreement, actor: SendActor): Promise<ContractSendResult> {
    const agreement = await this.ensureRecord(
      `resend-of.${previous.token}`,
      {
        ...previous.form,
        docLink: previous.docLink,
        subject: previous.send?.params?.subject ?? undefined,
        filename: previous.send?.params?.filename ?? undefined,
      } as SendInput,
      actor,
      null,
    );
    return resultOf(await this.runSteps(agreement, CONTRACT_SEND_STEPS, actor));
  }

  /**
   * Runs the given steps in the order of spec 2 §4 (the StepRunner skips
   * finished ones); the first failure is stored and reported with the part that
   * failed. The send is complete once every step is done.
   */
  private async runSteps(
    agreement: StandardAgreement,
    steps: readonly ContractSendStep[],
    actor: SendActor,
  ): Promise<StandardAgreement> {
    try {
      return await this.runner.run(agreement, this.plan(actor), {
        only: steps.length === CONTRACT_SEND_STEPS.length ? undefined : steps,
        describe: errorDetail,
      });
    } catch (error) {
      if (error instanceof StepFailedError) {
        if (!(error.original instanceof HttpException)) this.logger.error(error.original);
        throw new BadGatewayException(
          contractSendFailureMessage(error.step as ContractSendStep, error.detail),
        );
      }
      if (error instanceof StepRunnerBusyError) {
        throw new ConflictException(
          'This contract is still being sent by another request. Please try again in a minute.',
        );
      }
      throw error;
    }
  }

  private plan(actor: SendActor): StepPlan<ContractSendStep, StandardContractForm> {
    return {
      operation: 'send',
      steps: CONTRACT_SEND_STEPS,
      run: (step, agreement) => this.runStep(step, agreement, actor),
    };
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
    input: SendInput,
    actor: SendActor,
    replacesId: string | null,
  ): Promise<StandardAgreement> {
    const form = standardFormOf({ ...input, csm_email: input.csm_email ?? '' });
    const params = sendParams(input, replacesId);
    const { agreement, created } = await this.repository.createOnce<StandardContractForm>({
      family: 'standard',
      sendKey,
      form,
      docLink: input.docLink,
      sentBy: actor.email,
      searchText: standardSearchText(form),
      signingLinkOf: (token) =>
        contractSigningLink(this.config.PUBLIC_SIGNING_URL, token, input.docLink),
      sendParams: params,
    });
    if (created) return agreement;
    const done = agreement.send?.steps ?? {};
    if (agreement.send?.state === 'completed' || done.recordSaved) return agreement;
    // Until the record is published its data follows the latest request, except
    // what a mail already carried (the client and cc addresses, the sender's reply-to).
    const fresh: Partial<StandardContractForm> = { ...form };
    if (done.reviewLinkMail) {
      delete fresh.email;
      delete fresh.full_name;
      delete fresh.csm_email;
    }
    if (done.ccCopy) delete fresh.cc_email;
    const anyMailSent = Boolean(done.reviewLinkMail || done.ccCopy);
    const set: Record<string, unknown> = {
      searchText: standardSearchText({ ...agreement.form, ...fresh }),
    };
    for (const [field, value] of Object.entries(fresh)) set[`form.${field}`] = value;
    if (replacesId) set['send.params.replacesId'] = replacesId;
    if (!anyMailSent) {
      set['send.params.subject'] = params.subject;
      set['send.params.filename'] = params.filename;
    }
    const refreshed = await this.repository.record<StandardContractForm>(agreement, {
      set,
      condition: { 'send.state': 'in_progress' },
    });
    return refreshed ?? agreement;
  }

  /** Checks an Edit and Resend may replace `token`'s contract; the replaced agreement's id. */
  private async assertReplaceable(token: string, sendKey: string): Promise<string> {
    const previous = await this.repository.findByKey<StandardContractForm>('sign', token);
    if (!previous || previous.status === null || previous.deletedAt) {
      throw new NotFoundException('The contract being edited and resent was not found.');
    }
    if (extractDocId(previous.docLink) === sendKey) {
      throw new BadRequestException('An edited contract needs a new document.');
    }
    const id = String(previous._id);
    const sameSend = await this.repository.findByKey('send', sendKey);
    const alreadyReplacedByThis = sameSend?.send?.params?.replacesId === id;
    const rule = actionRule('standard', 'editAndResend');
    if (!rule.from.includes(previous.status as never) && !alreadyReplacedByThis) {
      throw new ConflictException(
        `Only a cancelled or expired contract can be edited and resent; this one is ${previous.status}.`,
      );
    }
    return id;
  }

  /** Does one step of the send; fields it returns are stored with the step's time. */
  private async runStep(
    step: ContractSendStep,
    agreement: StandardAgreement,
    actor: SendActor,
  ): Promise<void> {
    const form = agreement.form;
    const params = agreement.send?.params ?? {};
    const title = agreementTitle(form.contractTitle, form.form_type);
    switch (step) {
      case 'reviewLinkMail':
        await this.mail.send({
          key: `contract-review-link.${agreement.token}`,
          template: {
            kind: 'signing-link',
            data: {
              recipientName: form.full_name,
              agreementTitle: title,
              link: agreement.signingLink,
              senderEmail: form.csm_email,
              ...(params.subject ? { subject: params.subject } : {}),
            },
          },
          to: [form.email],
          replyTo: form.csm_email,
        });
        return;
      case 'ccCopy': {
        if (!form.cc_email) return;
        const { pdf } = await this.documents.pdfOf(agreement.docLink);
        await this.mail.send({
          key: `contract-cc-copy.${agreement.token}`,
          template: {
            kind: 'cc-copy',
            data: {
              clientName: form.full_name,
              agreementTitle: title,
              link: withDocLinkMode(agreement.docLink, 'view'),
            },
          },
          to: [form.cc_email],
          replyTo: form.csm_email,
          attachments: [
            {
              filename: pdfFilename(params.filename ?? null, title),
              contentType: 'application/pdf',
              content: Buffer.from(pdf),
            },
          ],
        });
        return;
      }
      case 'recordSaved': {
        const now = new Date();
        const published = await this.repository.transition(
          agreement,
          transitionRule('standard', 'publish'),
          {
            now,
            set: { createdAt: now, createdIp: actor.ip ?? null },
            event: {
              type: 'sent',
              actor: actor.email,
              ip: actor.ip ?? null,
              userAgent: actor.userAgent ?? null,
            },
          },
        );
        // A run that crashed after publishing finds it published: the step is done.
        if (!published && (await this.repository.findById(agreement._id))?.status == null) {
          throw new ConflictException('the contract record could not be published');
        }
        return;
      }
      case 'previousMarked': {
        const replacedId = params.replacesId;
        if (!replacedId) return;
        const previous = await this.repository.findById(replacedId);
        if (!previous) throw new ConflictException('the previous contract is gone');
        const marked = await this.repository.transition(
          previous,
          actionRule('standard', 'editAndResend'),
          {
            set: {
              isEditResend: true,
              editResendAt: new Date(),
              replacedBy: String(agreement._id),
            },
            event: {
              type: 'edited_resent',
              actor: actor.email,
              ip: actor.ip ?? null,
              userAgent: actor.userAgent ?? null,
            },
          },
        );
        if (!marked) {
          const current = await this.repository.findById(replacedId);
          if (current?.status !== 'edited_resent') {
            throw new ConflictException(
              `the previous contract is ${current?.status ?? 'gone'} and cannot be marked edited and resent`,
            );
          }
        }
        return;
      }
      case 'crmStageSent':
        if (!form.hsDealId) return;
        await this.crm.moveDealToStage(form.hsDealId, 'sent', agreement.signingLink);
        return;
    }
  }
}

function sendParams(
  input: Pick<SendContractDto, 'subject' | 'filename'>,
  replacesId: string | null,
): Record<string, string | null> {
  return {
    replacesId,
    subject: input.subject?.trim() || null,
    filename: input.filename?.trim() || null,
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

function resultOf(agreement: StandardAgreement): ContractSendResult {
  const steps: Partial<Record<ContractSendStep, string>> = {};
  for (const step of CONTRACT_SEND_STEPS) {
    const at = agreement.send?.steps?.[step];
    if (at) steps[step] = new Date(at).toISOString();
  }
  return {
    _id: String(agreement._id),
    token: agreement.token,
    signingLink: agreement.signingLink,
    docLink: agreement.docLink,
    status: agreement.status,
    send: { state: agreement.send?.state ?? 'in_progress', steps },
  };
}
