import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  isBlacklistedPartner,
  parseCpRoles,
  SOW_SECTION_KEYS,
  SOW_TEMPLATE_DOC_ID,
  sowFormErrors,
  type SowContractInput,
  type SowCreateContractRequest,
  type SowCreatedContract,
  type SowSendContractRequest,
  type SowSendResult,
} from '@prosign/domain';
import { CrmFlows } from '../../crm';
import {
  AgreementCreationService,
  fieldErrorsException,
  assertPlaceholdersKept,
  sectionOverridesOf,
  type AgreementDocument,
  type SendActor,
  type SowContractForm,
} from '../../agreements';
import { DocumentsService } from '../../documents';
import { sowDocumentValues, sowFormOf } from './sow-form';
import { SowTemplatesService } from './sow-templates.service';

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
    private readonly creation: AgreementCreationService,
    private readonly crm: CrmFlows,
  ) {}

  /** `POST /api/sow/create-contract` */
  async create(input: SowCreateContractRequest): Promise<SowCreatedContract> {
    const form = await this.checkedForm(input);
    const created = await this.documents.createFromTemplate({
      templateDocId: SOW_TEMPLATE_DOC_ID,
      values: sowDocumentValues(form),
      sectionOverrides: sectionOverridesOf(SOW_SECTION_KEYS, form),
      documentDate: new Date(),
      signatureParties: this.creation.signatureParties('sow', form, input),
    });
    return {
      docLink: created.docLink,
      effective_date: form.effective_date,
      payment_amount: form.payment_amount,
    };
  }

  /** `POST /api/sow/send-contract`: the partner gets the `/sow-signature/{customId}` link. */
  async send(input: SowSendContractRequest, actor: SendActor): Promise<SowSendResult> {
    return this.creation.send('sow', input, () => this.checkedForm(input), actor);
  }

  /** The send's checks and its record, nothing mailed yet: a draft for the public api to send. */
  prepareSend(
    input: SowSendContractRequest,
    actor: SendActor,
  ): Promise<AgreementDocument<SowContractForm>> {
    return this.creation.prepare('sow', input, () => this.checkedForm(input), actor);
  }

  /** `POST /api/sow/send-contract-cc`: the document to the cc addresses of a started send, once. */
  sendCopy(docLink: string, actor: SendActor): Promise<{ success: true }> {
    return this.creation.sendCopy('sow', docLink, actor);
  }

  /** The form as it will be stored, or 400/409 naming what is wrong. */
  private async checkedForm(input: SowContractInput): Promise<SowContractForm> {
    const errors = sowFormErrors(input);
    if (errors.length) {
      throw fieldErrorsException(errors);
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
    const originals = Object.fromEntries(template.map((section) => [section.key, section.body]));
    const edited: Partial<Record<string, string>> = {};
    for (const key of SOW_SECTION_KEYS) edited[key] = form[key];
    assertPlaceholdersKept(originals, edited);
  }
}
