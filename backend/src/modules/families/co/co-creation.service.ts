import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  CHANGE_ORDER_TEMPLATE_DOC_ID,
  CO_MESSAGES,
  CO_TEMPLATE_FIELD_KEYS,
  coContractErrors,
  coDocumentValues,
  coFormFieldsOf,
  coLabelDecision,
  signatoryDecision,
  type CoContractInput,
  type CoCreateContractRequest,
  type CoCreatedContract,
  type CoSendContractRequest,
  type CoSendResult,
  type DealLookupView,
} from '@prosign/domain';
import { CrmFlows } from '../../crm';
import {
  AgreementCreationService,
  fieldErrorsException,
  sectionOverridesOf,
  type AgreementDocument,
  type ChangeOrderForm,
  type SendActor,
} from '../../agreements';
import { DocumentRepository, DocumentsService } from '../../documents';
import { CoTemplatesService } from './co-templates.service';

/**
 * Creating and sending a change order (spec 3 §2, §4, §5, §7): the server
 * checks the whole form again with the domain's rules — required fields, fee
 * and split, the label (the deal's own, else a chosen one the project has not
 * used), the signatory (a typed e-mail a CRM contact already has is refused),
 * the template texts (their placeholders kept) — makes the CO document, and
 * sends it on the agreement core as the `co` family.
 */
@Injectable()
export class CoCreationService {
  constructor(
    private readonly templates: CoTemplatesService,
    private readonly documents: DocumentsService,
    private readonly documentRecords: DocumentRepository,
    private readonly creation: AgreementCreationService,
    private readonly crm: CrmFlows,
  ) {}

  /** `POST /api/co/create-contract` */
  async create(input: CoCreateContractRequest): Promise<CoCreatedContract> {
    const form = await this.checkedForm(input);
    const created = await this.documents.createFromTemplate({
      templateDocId: CHANGE_ORDER_TEMPLATE_DOC_ID,
      values: coDocumentValues(form),
      sectionOverrides: {
        ...(await this.feeSectionUpgrade()),
        ...sectionOverridesOf(CO_TEMPLATE_FIELD_KEYS, form),
      },
      documentDate: new Date(),
      signatureParties: this.creation.signatureParties('co', form, input),
    });
    return {
      docLink: created.docLink,
      coLabel: form.coLabel as NonNullable<ChangeOrderForm['coLabel']>,
      fee: form.fee,
      firstPayment: form.firstPayment,
      secondPayment: form.secondPayment,
    };
  }

  /**
   * A change-order template stored before the fee section named the split
   * (`$payment_split`) gets it here, so its split amounts show too; the
   * seeder keeps stored templates as they are.
   */
  private async feeSectionUpgrade(): Promise<Record<string, string>> {
    const template = await this.documentRecords.find(CHANGE_ORDER_TEMPLATE_DOC_ID);
    const fee = template?.content?.sections?.find((section) => section.key === 'fee')?.body;
    if (!fee || fee.includes('$payment_split') || !fee.includes('$payment_terms')) return {};
    return { fee: fee.replace('$payment_terms', '$payment_terms$payment_split') };
  }

  /** `POST /api/co/send-contract`: the signatory gets the `/co-signature/{customId}` link. */
  async send(input: CoSendContractRequest, actor: SendActor): Promise<CoSendResult> {
    return this.creation.send('co', input, () => this.checkedForm(input), actor);
  }

  /** The send's checks and its record, nothing mailed yet: a draft for the public api to send. */
  prepareSend(
    input: CoSendContractRequest,
    actor: SendActor,
  ): Promise<AgreementDocument<ChangeOrderForm>> {
    return this.creation.prepare('co', input, () => this.checkedForm(input), actor);
  }

  /** `POST /api/co/send-contract-cc`: the document to the cc addresses of a started send, once. */
  sendCopy(docLink: string, actor: SendActor): Promise<{ success: true }> {
    return this.creation.sendCopy('co', docLink, actor);
  }

  /** The form as it will be stored, or 400/409 naming what is wrong. */
  private async checkedForm(input: CoContractInput): Promise<ChangeOrderForm> {
    const lookup = await this.dealOf(input.deal_id);
    const link = lookup.project;
    const errors = coContractErrors(input, { projectLinked: Boolean(link?.label) });
    if (errors.length) {
      throw fieldErrorsException(errors);
    }
    // The deal's own project when it has one; else the one chosen on the screen.
    const projectId = link?.project.id ?? input.selectedHSProjectId ?? null;
    if (!projectId) throw new BadRequestException('Search and choose the project.');
    const info = await this.crm.getProjectLabelInfo(projectId).catch((error: unknown) => {
      if (error instanceof NotFoundException) {
        throw new BadRequestException('The chosen project is not in the CRM.');
      }
      throw error;
    });
    const decision = coLabelDecision({
      dealLabel: link?.label ?? null,
      chosen: input.associationLabel,
      notAvailableLabels: info.notAvailableLabels,
    });
    if (decision.kind === 'refused') {
      throw decision.message === CO_MESSAGES.labelRequired
        ? new BadRequestException(decision.message)
        : new ConflictException(decision.message);
    }
    await this.checkSignatory(input);
    const templateFields = await this.templates.textsFor(input.templateId, input.templateFields);
    const fields = coFormFieldsOf(input, {
      coLabel: decision.label,
      notAvailableLabels: info.notAvailableLabels,
      selectedHSProjectId: projectId,
      mainContractSignedDate: info.date ?? input.main_contract_signed_date ?? null,
      templateFields,
    });
    return { ...fields, deal_pipeline: lookup.deal.properties.pipeline ?? null };
  }

  private async dealOf(dealId: string): Promise<DealLookupView> {
    const lookup = await this.crm.getDeal(dealId).catch((error: unknown) => {
      if (error instanceof NotFoundException) {
        throw new BadRequestException(`Deal ${dealId} is not in the CRM.`);
      }
      throw error;
    });
    if (!lookup.redirect) {
      throw new BadRequestException(`Deal ${dealId} is not a change-order deal.`);
    }
    return lookup;
  }

  /** A typed signatory e-mail must not be a CRM contact's already (spec 3 §5): choose them instead. */
  private async checkSignatory(input: CoContractInput): Promise<void> {
    const existingContacts = input.selectedHSSignatoryId
      ? 0
      : await this.crm.countContactsByEmail(input.signatory_email.trim().toLowerCase());
    const decision = signatoryDecision({
      chosenSignatoryId: input.selectedHSSignatoryId,
      typedEmail: input.signatory_email,
      existingContacts,
    });
    if (decision.kind === 'blocked') throw new ConflictException(decision.message);
  }
}
