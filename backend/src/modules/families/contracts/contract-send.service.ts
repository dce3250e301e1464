import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  actionRule,
  contractFormErrors,
  extractDocId,
  type AgreementSendResult,
  type ContractSendStep,
  STANDARD_FAMILY_DEFINITION,
} from '@prosign/domain';
import { AppConfig } from '../../../platform/config/app-config';
import { AgreementEventRepository, AgreementLinkRepository } from '../../agreements';
import { familyConfig } from '../../agreements';
import { signersOf } from '../../documents';
import { AgreementSendService, sendResultOf, type SendActor } from '../../agreements';
import { DocumentPdfService } from '../../documents';
import type {
  ContractRecordDto,
  SaveTokenDto,
  SendContractCopyDto,
  SendContractDto,
  SendLinkDto,
} from './dto/send-contract.dto';
import {
  standardFormOf,
  type StandardAgreement,
  type StandardContractForm,
} from './standard-contract.form';

export type { SendActor } from '../../agreements';

type SendInput = ContractRecordDto &
  Pick<
    SendContractDto,
    'subject' | 'filename' | 'additional_signers' | 'signing_order' | 'require_email_code'
  >;

/** This module's own family: spec 2's standard contracts. */
const STANDARD = STANDARD_FAMILY_DEFINITION.id;

const sameAddress = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase();

/**
 * The standard contract's send (spec 2 §4, §7): validates its form and runs
 * the agreement core's send with it — in one call, or as the spec's separate
 * calls (send-link, send-contract, token/save), all on the same record keyed
 * by the agreement document, so mixing them never sends twice.
 */
@Injectable()
export class ContractSendService {
  constructor(
    private readonly links: AgreementLinkRepository,
    private readonly eventLog: AgreementEventRepository,
    private readonly sending: AgreementSendService,
    private readonly documentPdfs: DocumentPdfService,
    private readonly config: AppConfig,
  ) {}

  async send(input: SendContractDto, actor: SendActor): Promise<AgreementSendResult> {
    const agreement = await this.prepareSend(input, actor);
    return sendResultOf(await this.sending.run(agreement, actor));
  }

  /**
   * The send's checks and its record, nothing mailed yet (a draft: `sending.run` sends it, as
   * the public api's send does later).
   */
  async prepareSend(input: SendContractDto, actor: SendActor): Promise<StandardAgreement> {
    const sendKey = this.sendKeyOf(input.docLink);
    const formErrors = contractFormErrors(input);
    if (formErrors.length) throw new BadRequestException(formErrors);
    const replacesId = input.replacesToken
      ? await this.assertReplaceable(input.replacesToken, sendKey)
      : null;
    // The document must be a standard contract before anything is sent (a 404 changes nothing).
    await this.documentPdfs.contractPdfOf(input.docLink, STANDARD);
    return this.prepare(sendKey, input, actor, replacesId);
  }

  /**
   * `POST /api/email/send-link` (spec 2 §7): the first step on its own. Starts
   * the document's send (or finds it) and mails the review link once.
   */
  async sendLink(input: SendLinkDto, actor: SendActor): Promise<{ unique_token: string }> {
    const sendKey = this.sendKeyOf(input.doclink);
    await this.documentPdfs.contractPdfOf(input.doclink, STANDARD);
    const agreement =
      (await this.links.findBySendKey<StandardContractForm>(STANDARD, sendKey)) ??
      (await this.prepare(
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
    await this.sending.run(agreement, actor, ['reviewLinkMail']);
    return { unique_token: agreement.token };
  }

  /** `POST /api/template/send-contract`: the document to the cc address, once. */
  async sendCopy(input: SendContractCopyDto, actor: SendActor): Promise<{ success: true }> {
    let agreement = await this.links.findBySendKey<StandardContractForm>(
      STANDARD,
      this.sendKeyOf(input.docLink),
    );
    if (!agreement) {
      throw new NotFoundException(
        'No send was started for this document: send the review link first.',
      );
    }
    if (!agreement.send?.steps?.ccCopy) {
      agreement =
        (await this.eventLog.record<StandardContractForm>(agreement, {
          set: {
            'form.cc_email': input.recipientEmail,
            ...(input.filename?.trim() ? { 'send.params.filename': input.filename.trim() } : {}),
          },
        })) ?? agreement;
    }
    await this.sending.run(agreement, actor, ['ccCopy']);
    return { success: true };
  }

  /** `POST /api/token/save`: the contract record under the token send-link made. */
  async saveToken(
    input: SaveTokenDto,
    actor: SendActor,
  ): Promise<{ success: true; token: string }> {
    const formErrors = contractFormErrors(input);
    if (formErrors.length) throw new BadRequestException(formErrors);
    const found = await this.links.findBySendKey<StandardContractForm>(
      STANDARD,
      this.sendKeyOf(input.docLink),
    );
    if (!found || found.token !== input.token) {
      throw new NotFoundException('No contract was sent with this token and document.');
    }
    let agreement = found;
    if (!found.send?.steps?.recordSaved) {
      const form = standardFormOf(input);
      // What a mail already carried stays what the recipient received.
      const done = found.send?.steps ?? {};
      const frozen = [
        ...(done.reviewLinkMail ? standardFamily().recipientFields.reviewLinkMail : []),
        ...(done.ccCopy ? standardFamily().recipientFields.ccCopy : []),
      ].filter((field) => sameAddress(form[field]) !== sameAddress(found.form[field]));
      if (frozen.length) {
        throw new ConflictException(
          `The signing link was already mailed: ${frozen.join(', ')} cannot change now. Send a new contract to change the recipient.`,
        );
      }
      agreement =
        (await this.eventLog.record<StandardContractForm>(found, {
          set: { form, searchText: standardFamily().searchText(form) },
        })) ?? found;
    }
    await this.sending.run(agreement, actor, ['recordSaved'] as ContractSendStep[]);
    return { success: true, token: found.token };
  }

  private prepare(
    sendKey: string,
    input: SendInput,
    actor: SendActor,
    replacesId: string | null,
  ): Promise<StandardAgreement> {
    return this.sending.prepare<StandardContractForm>(
      {
        family: STANDARD,
        sendKey,
        form: standardFormOf({ ...input, csm_email: input.csm_email ?? '' }),
        docLink: input.docLink,
        signingLinkOf: (token) =>
          standardFamily().signingLinkOf(this.config.PUBLIC_SIGNING_URL, token, input.docLink),
        subject: input.subject,
        filename: input.filename,
        replacesId,
        mailedFields: standardFamily().mailedFields,
        signers: signersOf(input),
        requireEmailCode: input.require_email_code,
      },
      actor,
    );
  }

  private sendKeyOf(docLink: string): string {
    const docId = extractDocId(docLink);
    if (!docId) throw new BadRequestException('Invalid document link.');
    return docId;
  }

  /** Checks an Edit and Resend may replace `token`'s contract; the replaced agreement's id. */
  private async assertReplaceable(token: string, sendKey: string): Promise<string> {
    const previous = await this.links.findByKey<StandardContractForm>('sign', token);
    if (
      !previous ||
      previous.family !== STANDARD ||
      previous.status === null ||
      previous.deletedAt
    ) {
      throw new NotFoundException('The contract being edited and resent was not found.');
    }
    if (extractDocId(previous.docLink) === sendKey) {
      throw new BadRequestException('An edited contract needs a new document.');
    }
    const id = String(previous._id);
    const sameSend = await this.links.findBySendKey(STANDARD, sendKey);
    const alreadyReplacedByThis = sameSend?.send?.params?.replacesId === id;
    const rule = actionRule(STANDARD, 'editAndResend');
    if (!rule.from.includes(previous.status as never) && !alreadyReplacedByThis) {
      throw new ConflictException(
        `Only a cancelled or expired contract can be edited and resent; this one is ${previous.status}.`,
      );
    }
    return id;
  }
}

/** The standard family's server half (this module's own family). */
function standardFamily() {
  return familyConfig<StandardContractForm>(STANDARD);
}
