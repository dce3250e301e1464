import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  actionRule,
  droppedPlaceholders,
  extractDocId,
  isBlacklistedPartner,
  parseCpRoles,
  revertPlaceholderPreviews,
  SOW_SECTION_KEYS,
  SOW_TEMPLATE_DOC_ID,
  sowFormErrors,
  sowSignaturePath,
  type SowContractInput,
  type SowCreateContractRequest,
  type SowCreatedContract,
  type SowSendContractRequest,
  type SowSendResult,
} from '@prosign/domain';
import { CRM_PORT, type CrmPort } from '../../integrations/crm';
import { AppConfig } from '../../platform/config/app-config';
import {
  AgreementRepository,
  AgreementSendService,
  type SendActor,
  type SowContractForm,
} from '../agreements';
import { DocumentsService } from '../documents';
import { sowDocumentValues, sowFormOf } from './sow-form';
import { SowTemplatesService } from './sow-templates.service';

/** Form fields a mail already carried: frozen once that mail went out. */
const MAILED_FIELDS: {
  reviewLinkMail: (keyof SowContractForm)[];
  ccCopy: (keyof SowContractForm)[];
} = {
  reviewLinkMail: ['cp_email', 'cp_name', 'project_address', 'pm_email'],
  ccCopy: ['cc_emails'],
};

/**
 * Creating and sending a SOW (spec 3 §2, §4, §7): the server checks the whole
 * form again (the screen's rules, from libs/domain), the partner (blacklisted
 * needs confirmation; a new partner's e-mail must not belong to an existing
 * one) and the edited sections (their `$placeholders` kept), makes the document
 * from the SOW template, and sends it on the agreement core as the `sow` family.
 */
@Injectable()
export class SowCreationService {
  constructor(
    private readonly templates: SowTemplatesService,
    private readonly documents: DocumentsService,
    private readonly repository: AgreementRepository,
    private readonly sending: AgreementSendService,
    @Inject(CRM_PORT) private readonly crm: CrmPort,
    private readonly config: AppConfig,
  ) {}

  /** `POST /api/sow/create-contract` */
  async create(input: SowCreateContractRequest): Promise<SowCreatedContract> {
    const form = await this.checkedForm(input);
    const created = await this.documents.createFromTemplate({
      templateDocId: SOW_TEMPLATE_DOC_ID,
      values: sowDocumentValues(form),
      sectionOverrides: await this.sectionOverrides(form),
      documentDate: new Date(),
    });
    return {
      docLink: created.docLink,
      effective_date: form.effective_date,
      payment_amount: form.payment_amount,
    };
  }

  /** `POST /api/sow/send-contract`: the partner gets the `/sow-signature/{customId}` link. */
  async send(input: SowSendContractRequest, actor: SendActor): Promise<SowSendResult> {
    const sendKey = extractDocId(input.docLink);
    if (!sendKey) throw new BadRequestException('Invalid document link.');
    const form = await this.checkedForm(input);
    const replacesId = input.replacesId ? await this.assertReplaceable(input.replacesId) : null;
    // The document must exist before anything is sent (a 404 here changes nothing).
    await this.documents.pdfOf(input.docLink);
    const prepared = await this.sending.prepare<SowContractForm>(
      {
        family: 'sow',
        sendKey,
        form,
        docLink: input.docLink,
        signingLinkOf: (token) =>
          `${this.config.PUBLIC_SIGNING_URL.replace(/\/+$/, '')}${sowSignaturePath(token)}`,
        replacesId,
        mailedFields: MAILED_FIELDS,
      },
      actor,
    );
    const sent = await this.sending.run(prepared, actor);
    return {
      signaturePageLink: sent.signingLink,
      customId: sent.token,
      _id: String(sent._id),
      status: sent.status,
    };
  }

  /** `POST /api/sow/send-contract-cc`: the document to the cc addresses of a started send, once. */
  async sendCopy(docLink: string, actor: SendActor): Promise<{ success: true }> {
    const sendKey = extractDocId(docLink);
    if (!sendKey) throw new BadRequestException('Invalid document link.');
    const agreement = await this.repository.findByKey<SowContractForm>('send', sendKey);
    if (!agreement || agreement.family !== 'sow') {
      throw new NotFoundException('No SOW was sent with this document: send it first.');
    }
    await this.sending.run(agreement, actor, ['ccCopy']);
    return { success: true };
  }

  /** The form as it will be stored, or 400/409 naming what is wrong. */
  private async checkedForm(input: SowContractInput): Promise<SowContractForm> {
    const errors = sowFormErrors(input);
    if (errors.length) {
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message: errors.map((error) => error.message),
        fieldErrors: errors,
      });
    }
    await this.checkPartner(input);
    const template = await this.templates.byName(input.templateName);
    const services = this.templates.servicesTextFor(template, parseCpRoles(input.cp_roles));
    const form = sowFormOf(input, services);
    await this.checkSections(form);
    return form;
  }

  private async checkPartner(input: SowContractInput): Promise<void> {
    if (input.selectedCpId) {
      const partner = await this.crm.getPartner(input.selectedCpId).catch((error: unknown) => {
        if (error instanceof NotFoundException) {
          throw new BadRequestException('The chosen community partner is not in the CRM.');
        }
        throw error;
      });
      if (
        isBlacklistedPartner(partner.properties.current_partnership_rapport) &&
        !input.blacklistConfirmed
      ) {
        throw new ConflictException(
          'This community partner is marked Blacklisted: confirm to create a contract with them.',
        );
      }
      return;
    }
    const email = input.cp_email.trim().toLowerCase();
    const existing = await this.crm.searchPartners(email);
    if (existing.some((partner) => partner.properties.email?.trim().toLowerCase() === email)) {
      throw new ConflictException(
        `A community partner with the email ${email} already exists. Select them from the list.`,
      );
    }
  }

  /** Edited sections must keep the template's `$placeholders` (spec 3 §5). */
  private async checkSections(form: SowContractForm): Promise<void> {
    const template = await this.templates.templateSections();
    for (const key of SOW_SECTION_KEYS) {
      const edited = form[key];
      if (edited === undefined) continue;
      const original = template.find((section) => section.key === key)?.body ?? '';
      const dropped = droppedPlaceholders(original, edited);
      if (dropped.length) {
        throw new BadRequestException(
          `The ${key} section must keep its placeholders: ${dropped.map((n) => `$${n}`).join(', ')}.`,
        );
      }
    }
  }

  private async sectionOverrides(form: SowContractForm): Promise<Record<string, string>> {
    const overrides: Record<string, string> = {};
    for (const key of SOW_SECTION_KEYS) {
      const edited = form[key];
      if (edited !== undefined) overrides[key] = revertPlaceholderPreviews(edited);
    }
    return overrides;
  }

  /** Checks an Edit and Resend may replace this SOW; its id. */
  private async assertReplaceable(replacesId: string): Promise<string> {
    const previous = await this.repository.findById(replacesId).catch(() => null);
    if (!previous || previous.family !== 'sow' || previous.status === null || previous.deletedAt) {
      throw new NotFoundException('The SOW being edited and resent was not found.');
    }
    const rule = actionRule('sow', 'editAndResend');
    if (!rule.from.includes(previous.status as never)) {
      throw new ConflictException(
        `This SOW cannot be edited and resent: it is ${previous.status}.`,
      );
    }
    return String(previous._id);
  }
}
