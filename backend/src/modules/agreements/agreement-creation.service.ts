import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  actionRule,
  droppedPlaceholders,
  extractDocId,
  revertPlaceholderPreviews,
  type AgreementFamily,
  type SendSignersRequest,
} from '@prosign/domain';
import { AppConfig } from '../../platform/config/app-config';
import { DocumentPdfService, signatureSignersOf, signersOf } from '../documents';
import { familyConfig } from './agreement-family';
import type { AgreementDocument } from './agreement.schema';
import { AgreementRepository } from './agreement.repository';
import { AgreementLinkRepository } from './agreement-links.repository';
import { AgreementSendService, type SendActor } from './agreement-send.service';

/** What a family's send answers (`SowSendResult`, `CoSendResult`). */
export interface CreationSendResult {
  signaturePageLink: string;
  customId: string;
  _id: string;
  status: string | null;
}

/**
 * The family-independent part of creating and sending an agreement from a
 * creation screen (/sow, /co): the edited template texts checked and reverted,
 * the send on the agreement core (signing link, mailed fields frozen), the cc
 * copy once, and Edit and Resend only from the statuses the family's rule
 * allows. Each family's own service checks its form, makes its document and
 * calls this.
 */
@Injectable()
export class AgreementCreationService {
  constructor(
    private readonly repository: AgreementRepository,
    private readonly links: AgreementLinkRepository,
    private readonly sending: AgreementSendService,
    private readonly documentPdfs: DocumentPdfService,
    private readonly config: AppConfig,
  ) {}

  /** The send's key (the document's id); 400 for a link that names no document. */
  sendKeyOf(docLink: string): string {
    const sendKey = extractDocId(docLink);
    if (!sendKey) throw new BadRequestException('Invalid document link.');
    return sendKey;
  }

  /**
   * Sends the document on the agreement core as this family; the signer gets
   * the family's signing link. The link is checked first, then the family's
   * form (`formOf`: its own checks, 400/409), then the replaced agreement.
   */
  async send<TForm extends object>(
    family: AgreementFamily,
    input: { docLink: string; replacesId?: string | null } & SendSignersRequest,
    formOf: () => Promise<TForm>,
    actor: SendActor,
  ): Promise<CreationSendResult> {
    const prepared = await this.prepare(family, input, formOf, actor);
    const sent = await this.sending.run(prepared, actor);
    return {
      signaturePageLink: sent.signingLink,
      customId: sent.token,
      _id: String(sent._id),
      status: sent.status,
    };
  }

  /**
   * The send's checks and its record, nothing mailed yet: a draft, which `AgreementSendService.run`
   * sends (the public api creates drafts and sends them on a call of their own).
   */
  async prepare<TForm extends object>(
    family: AgreementFamily,
    input: { docLink: string; replacesId?: string | null } & SendSignersRequest,
    formOf: () => Promise<TForm>,
    actor: SendActor,
  ): Promise<AgreementDocument<TForm>> {
    const definition = familyConfig<TForm>(family);
    const sendKey = this.sendKeyOf(input.docLink);
    const form = await formOf();
    const replacesId = input.replacesId
      ? await this.assertReplaceable(family, input.replacesId)
      : null;
    // The document must be this family's before anything is sent (a 404 here changes nothing).
    await this.documentPdfs.contractPdfOf(input.docLink, family);
    return this.sending.prepare<TForm>(
      {
        family,
        sendKey,
        form,
        docLink: input.docLink,
        signingLinkOf: (token) =>
          definition.signingLinkOf(this.config.PUBLIC_SIGNING_URL, token, input.docLink),
        replacesId,
        mailedFields: definition.mailedFields,
        signers: signersOf(input),
        requireEmailCode: input.require_email_code,
      },
      actor,
    );
  }

  /**
   * The signature blocks of a family's document for the request's signers: the
   * form's signer first (as the family names them), then the additional ones;
   * none (the template's one block) with a single signer. 400 for a list the
   * send would refuse, before any document is made.
   */
  signatureParties<TForm extends object>(
    family: AgreementFamily,
    form: TForm,
    input: SendSignersRequest,
  ) {
    const parties = familyConfig<TForm>(family).parties(form);
    return signatureSignersOf({ name: parties.signerName, email: parties.signerEmail }, input);
  }

  /** The document to the cc addresses of a started send, once (the mail key is the token's). */
  async sendCopy(
    family: AgreementFamily,
    docLink: string,
    actor: SendActor,
  ): Promise<{ success: true }> {
    const sendKey = this.sendKeyOf(docLink);
    const agreement = await this.links.findBySendKey(family, sendKey);
    if (!agreement) {
      const { noun } = familyConfig(family);
      throw new NotFoundException(`No ${noun} was sent with this document: send it first.`);
    }
    await this.sending.run(agreement, actor, ['ccCopy']);
    return { success: true };
  }

  /** Checks an Edit and Resend may replace this agreement of the family; its id. */
  async assertReplaceable(family: AgreementFamily, replacesId: string): Promise<string> {
    const { noun } = familyConfig(family);
    const previous = await this.repository.findById(replacesId).catch(() => null);
    if (!previous || previous.family !== family || previous.status === null || previous.deletedAt) {
      throw new NotFoundException(`The ${noun} being edited and resent was not found.`);
    }
    const rule = actionRule(family, 'editAndResend');
    if (!rule.from.includes(previous.status as never)) {
      throw new ConflictException(
        `This ${noun} cannot be edited and resent: it is ${previous.status}.`,
      );
    }
    return String(previous._id);
  }
}

/** A form's field errors as the 400 the creation screens read (`message` list and `fieldErrors`). */
export function fieldErrorsException(
  errors: readonly { field: string; message: string }[],
): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message: errors.map((error) => error.message),
    fieldErrors: errors,
  });
}

/**
 * Edited template texts must keep every `$placeholder` of the template's own
 * (spec 3 §5); 400 naming the text and what it dropped. `<<$name:…>>`
 * previews count as `$name`.
 */
export function assertPlaceholdersKept(
  originals: Readonly<Record<string, string>>,
  edited: Readonly<Partial<Record<string, string>>>,
  what: (key: string) => string = (key) => `The ${key} section`,
): void {
  for (const [key, text] of Object.entries(edited)) {
    if (text === undefined) continue;
    const dropped = droppedPlaceholders(originals[key] ?? '', revertPlaceholderPreviews(text));
    if (dropped.length) {
      throw new BadRequestException(
        `${what(key)} must keep its placeholders: ${dropped.map((n) => `$${n}`).join(', ')}.`,
      );
    }
  }
}

/** The document's section overrides from the edited texts given, previews reverted to `$name`. */
export function sectionOverridesOf<TKey extends string>(
  keys: readonly TKey[],
  texts: Readonly<Partial<Record<TKey, string>>>,
): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const key of keys) {
    const text = texts[key];
    if (text !== undefined) overrides[key] = revertPlaceholderPreviews(text);
  }
  return overrides;
}
