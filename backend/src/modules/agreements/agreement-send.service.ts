import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  Injectable,
  Logger,
  Optional,
} from '@nestjs/common';
import {
  checkRecipientList,
  CONTRACT_SEND_STEPS,
  contractSendFailureMessage,
  sendRecipientInputs,
  SINGLE_SIGNER_RECIPIENT_ID,
  type AdditionalSigner,
  type AgreementFamily,
  type AgreementSendResult,
  type ContractSendStep,
  type CountersignerInput,
  type SigningOrder,
} from '@prosign/domain';
import { StaffDirectory } from '../../platform/auth/staff-directory';
import { DocumentsService } from '../documents';
import { AgreementSendSteps } from './agreement-send-steps';
import { familyConfig } from './agreement-family';
import {
  additionalSignerRecipients,
  countersignerRecipient,
  signatureBlocksOf,
  type StoredRecipient,
} from './agreement-recipients';
import type { AgreementDocument } from './agreement.schema';
import { AgreementEventRepository } from './agreement-events.repository';
import { AgreementLinkRepository, newLinkToken } from './agreement-links.repository';
import { AgreementRecordCreationRepository } from './agreement-record-creation.repository';
import { EmailCodeDefaultsRepository } from './email-code-defaults.repository';
import { httpErrorDetail, StepFailedError, StepRunner, StepRunnerBusyError } from './step-runner';

/** Who sends: the signed-in staff member and the request's address and browser. */
export interface SendActor {
  email: string;
  ip?: string;
  userAgent?: string | null;
}

/** What a send publishes, in the family's own form. */
export interface AgreementSendInput<TForm extends object> {
  family: AgreementFamily;
  /** What makes two sends the same send (the agreement document's id). */
  sendKey: string;
  form: TForm;
  docLink: string;
  signingLinkOf: (token: string) => string;
  subject?: string | null;
  filename?: string | null;
  /** The agreement an Edit and Resend replaces. */
  replacesId?: string | null;
  /**
   * Form fields a mail already carried: frozen once that mail went out (what
   * the recipient received stays what was saved).
   */
  mailedFields?: { reviewLinkMail: (keyof TForm)[]; ccCopy: (keyof TForm)[] };
  /**
   * Signers besides the form's own, whether all sign at once or one after the other, and the
   * staff member who countersigns for the firm after them.
   */
  signers?: {
    additional: AdditionalSigner[];
    order: SigningOrder;
    countersigner?: CountersignerInput | null;
  } | null;
  /** Every signer enters an e-mail code first; absent: the family's admin default. */
  requireEmailCode?: boolean | null;
}

export const COUNTERSIGNER_MESSAGES = {
  notStaff: (email: string) =>
    `${email} is not a ProSign user: the firm's countersigner must be a staff member.`,
} as const;

/**
 * Sending an agreement of any family (spec 2 §4) as one resumable operation:
 * the signing link to the recipient, the document to the copy addresses, the
 * record published, the replaced record marked edited_resent, the CRM deal
 * queued to move to "sent" — in that order, run by the StepRunner (each finished step
 * stored, a retry continues at the failed one). Mail keys derive from the
 * agreement's id, so nothing is sent twice. The family's configuration says who, what
 * and where; its own service validates its form and calls this.
 */
@Injectable()
export class AgreementSendService {
  private readonly logger = new Logger(AgreementSendService.name);

  constructor(
    private readonly links: AgreementLinkRepository,
    private readonly recordCreation: AgreementRecordCreationRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly runner: StepRunner,
    private readonly steps: AgreementSendSteps,
    private readonly documents: DocumentsService,
    // Absent in the worker, which never starts a send (it only resumes started ones).
    @Optional() private readonly staff?: StaffDirectory,
    // Absent where sends are only resumed (worker, seeds): no code unless the request asks.
    @Optional() private readonly emailCodeDefaults?: EmailCodeDefaultsRepository,
  ) {}

  /**
   * The record of this document's send: created on the first attempt with a
   * new token; on a retry the stored one, whose form follows the latest request
   * until it is published, except the fields a mail already carried.
   */
  async prepare<TForm extends object>(
    input: AgreementSendInput<TForm>,
    actor: SendActor,
  ): Promise<AgreementDocument<TForm>> {
    const config = familyConfig<TForm>(input.family);
    const params = {
      replacesId: input.replacesId ?? null,
      subject: input.subject?.trim() || null,
      filename: input.filename?.trim() || null,
    };
    const additionalSigners = await this.checkedSigners(input);
    const requireEmailCode =
      input.requireEmailCode ?? (await this.emailCodeDefaults?.requiredFor(input.family)) ?? false;
    // Before any link exists: a forwarded signing link then shows nothing without the code.
    if (requireEmailCode) await this.documents.restrictReadingToSigners(input.docLink);
    const { agreement, created } = await this.recordCreation.createOnce<TForm>({
      additionalSigners,
      requireEmailCode,
      family: input.family,
      sendKey: input.sendKey,
      form: input.form,
      docLink: input.docLink,
      sentBy: actor.email,
      searchText: config.searchText(input.form),
      signingLinkOf: input.signingLinkOf,
      sendParams: params,
    });
    if (created) {
      // The document gets a block for each signer and the firm's, whatever its creation named
      // (the same parties again change nothing; nobody has signed a document not yet sent).
      const blocks = signatureBlocksOf(config.parties(input.form).signerName, additionalSigners);
      if (blocks) await this.documents.setSignatureParties(input.docLink, blocks);
      return agreement;
    }
    const done = agreement.send?.steps ?? {};
    if (agreement.send?.state === 'completed' || done.recordSaved) return agreement;
    const fresh: Partial<TForm> = { ...input.form };
    if (done.reviewLinkMail)
      for (const field of input.mailedFields?.reviewLinkMail ?? []) delete fresh[field];
    if (done.ccCopy) for (const field of input.mailedFields?.ccCopy ?? []) delete fresh[field];
    const anyMailSent = Boolean(done.reviewLinkMail || done.ccCopy);
    const set: Record<string, unknown> = {
      searchText: config.searchText({ ...agreement.form, ...fresh }),
    };
    // The retry's form meets the signers the first attempt stored: one person, one place still
    // (a first signer moved onto another signer's or the firm's address is refused, nothing changed).
    const storedSigners = additionalSignersOf(agreement);
    if (storedSigners) {
      checkedRecipientList(input.family, { ...agreement.form, ...fresh } as TForm, storedSigners);
    }
    for (const [field, value] of Object.entries(fresh)) set[`form.${field}`] = value;
    if (params.replacesId) set['send.params.replacesId'] = params.replacesId;
    if (!anyMailSent) {
      set['send.params.subject'] = params.subject;
      set['send.params.filename'] = params.filename;
    }
    const refreshed = await this.eventLog.record<TForm>(agreement, {
      set,
      condition: { 'send.state': 'in_progress' },
    });
    return refreshed ?? agreement;
  }

  /**
   * The additional signers and the countersigner of a send, checked with the form's signer
   * and copies as one recipient list (400 with every problem; the countersigner must be a
   * listed staff user), each signer with a new link token.
   */
  private async checkedSigners<TForm extends object>(
    input: AgreementSendInput<TForm>,
  ): Promise<StoredRecipient[]> {
    const additional = input.signers?.additional ?? [];
    const countersigner = input.signers?.countersigner ?? null;
    if (additional.length === 0 && !countersigner) return [];
    const order = input.signers?.order ?? 'sequential';
    const check = checkedRecipientList(input.family, input.form, input.signers);
    const signers = additionalSignerRecipients(
      additional,
      order,
      newLinkToken,
      input.signingLinkOf,
    );
    const firm = check.recipients.find((draft) => draft.role === 'countersigner');
    if (!firm) return signers;
    if (!this.staff) throw new Error('a send with a countersigner needs the staff directory');
    if (!(await this.staff.findByEmail(firm.staffUserId ?? ''))) {
      throw new BadRequestException([COUNTERSIGNER_MESSAGES.notStaff(firm.email)]);
    }
    return [...signers, countersignerRecipient(firm, countersigner?.title ?? null)];
  }

  /**
   * Runs the given steps in the order of spec 2 §4 (the StepRunner skips
   * finished ones); the first failure is stored and reported with the part that
   * failed. The send is complete once every step is done.
   */
  async run<TForm extends object>(
    agreement: AgreementDocument<TForm>,
    actor: SendActor,
    steps: readonly ContractSendStep[] = CONTRACT_SEND_STEPS,
  ): Promise<AgreementDocument<TForm>> {
    try {
      return await this.runner.run(
        agreement,
        {
          operation: 'send',
          steps: CONTRACT_SEND_STEPS,
          run: (step, current) => this.steps.runStep(step, current, actor),
        },
        {
          only: steps.length === CONTRACT_SEND_STEPS.length ? undefined : steps,
          describe: httpErrorDetail,
        },
      );
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

  /**
   * Sends left unfinished after their signing link was mailed (the api crashed, or a step
   * failed and nobody retried): the worker's schedule completes them, so a mailed link
   * always opens a saved contract. Sends that mailed nothing yet are drafts: left alone.
   */
  resumeAbandoned(now = new Date()): Promise<number> {
    return this.runner.resumeAbandoned(
      {
        operation: 'send',
        steps: CONTRACT_SEND_STEPS,
        run: (step, current) =>
          this.steps.runStep(step, current, { email: current.sentBy || 'system' }),
      },
      now,
      100,
      (agreement) => Boolean(agreement.send?.steps?.reviewLinkMail),
    );
  }

  /**
   * Resend (spec 2 §4): the same document to the same recipient under a new
   * token, through the same resumable steps. Keyed by the old record, so a
   * repeated Resend continues this one instead of starting another.
   */
  async resend<TForm extends object>(
    previous: AgreementDocument<TForm>,
    actor: SendActor,
  ): Promise<AgreementSendResult> {
    const signingLink = previous.signingLink;
    // Keyed by the old record's id; a resend begun when the key was its token goes on under that.
    const legacySendKey = `resend-of.${previous.token}`;
    const sendKey = (await this.links.findBySendKey(previous.family, legacySendKey))
      ? legacySendKey
      : `resend-of.${String(previous._id)}`;
    const agreement = await this.prepare<TForm>(
      {
        family: previous.family,
        sendKey,
        form: previous.toObject().form as TForm,
        docLink: await this.resentDocLink(previous, sendKey),
        // The same link shape as the original, under the new token.
        signingLinkOf: (token) => signingLink.split(previous.token).join(token),
        subject: previous.send?.params?.subject ?? null,
        filename: previous.send?.params?.filename ?? null,
        signers: additionalSignersOf(previous),
        // A resend asks the same proof of its signers as the agreement it replaces.
        requireEmailCode: previous.requireEmailCode === true,
      },
      actor,
    );
    return sendResultOf(await this.run(agreement, actor));
  }

  /**
   * The document a resend sends: the same one, unless a signer had signed it (several
   * signers, cancelled or expired half-way) — then a copy without their marks, everyone
   * signing again. A repeated resend keeps the copy its first attempt made.
   */
  private async resentDocLink(
    previous: AgreementDocument<object>,
    sendKey: string,
  ): Promise<string> {
    const someoneSigned = (previous.recipients ?? []).some(
      (recipient) => recipient.role !== 'cc' && recipient.state === 'signed',
    );
    if (!someoneSigned) return previous.docLink;
    const started = await this.links.findBySendKey(previous.family, sendKey);
    return started?.docLink ?? (await this.documents.unsignedCopy(previous.docLink));
  }
}

export function sendResultOf(agreement: AgreementDocument<object>): AgreementSendResult {
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

/**
 * A send's whole recipient list — the form's signer and copies, the other signers, the firm's
 * countersigner — checked as one (400 with every problem, e.g. one address in two places).
 */
function checkedRecipientList<TForm extends object>(
  family: AgreementFamily,
  form: TForm,
  signers: AgreementSendInput<TForm>['signers'],
) {
  const parties = familyConfig<TForm>(family).parties(form);
  const check = checkRecipientList(
    sendRecipientInputs(
      { name: parties.signerName, email: parties.signerEmail, phone: parties.signerPhone },
      signers?.additional ?? [],
      signers?.order ?? 'sequential',
      parties.copyTo,
      signers?.countersigner ?? null,
    ),
  );
  if (!check.ok) throw new BadRequestException(check.errors.map((error) => error.message));
  return check;
}

/** The signers besides the first of an agreement (a resend asks them again, each under a new link). */
function additionalSignersOf(
  agreement: Pick<AgreementDocument<object>, 'recipients'>,
): AgreementSendInput<object>['signers'] {
  const others = (agreement.recipients ?? []).filter(
    (r) => r.role === 'signer' && r.id !== SINGLE_SIGNER_RECIPIENT_ID,
  );
  const firm = (agreement.recipients ?? []).find((r) => r.role === 'countersigner');
  if (others.length === 0 && !firm) return null;
  return {
    additional: others.map((r) => ({ name: r.name, email: r.email, phone: r.phone ?? null })),
    order: others.every((r) => r.order === 1) ? 'parallel' : 'sequential',
    countersigner: firm
      ? { email: firm.staffUserId || firm.email, name: firm.name, title: firm.title ?? null }
      : null,
  };
}
