import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  COUNTERSIGNER_RECIPIENT_ID,
  SINGLE_SIGNER_RECIPIENT_ID,
  standardTemplateDocIdFor,
  type CreateAgreementRequest,
  type CreateDocumentAgreementRequest,
  type CreateStandardAgreementRequest,
  type PublicAgreement,
} from '@prosign/domain';
import { AppConfig } from '../../platform/config/app-config';
import { AgreementSendService, type AgreementDocument } from '../agreements';
import { DocumentTemplatesService } from '../document-templates';
import { DocumentsService, signatureSignersOf } from '../documents';
import { ContractSendService } from '../families/contracts';
import { DocumentCreationService } from '../families/document';
import { ServiceRepository } from '../services';
import type { ApiKeyActor } from './public-api-route.decorator';
import { ProjectAgreementCreation, sendSignersOf } from './project-agreement-creation';
import { publicAgreementOf } from './public-agreement.view';
import { PublicAgreementsService } from './public-agreements.service';

/** Who creates through a key: its owner, never an admin over other people's drafts. */
const draftOwner = (actor: ApiKeyActor) => ({ email: actor.email, isAdmin: false });

/**
 * Creating agreements through the public api, and sending them: each family's own creation
 * makes its document and checks its form and recipients exactly as the staff screens' calls do
 * (`ContractSendService`, the SOW and CO creations, `DocumentCreationService`), and keeps the
 * agreement as a draft (the send's record, nothing mailed); `send` runs the agreement core's
 * send on it.
 */
@Injectable()
export class PublicAgreementCreationService {
  constructor(
    private readonly services: ServiceRepository,
    private readonly documents: DocumentsService,
    private readonly contracts: ContractSendService,
    private readonly templates: DocumentTemplatesService,
    private readonly uploadedDocuments: DocumentCreationService,
    private readonly sending: AgreementSendService,
    private readonly agreements: PublicAgreementsService,
    private readonly projects: ProjectAgreementCreation,
    private readonly config: AppConfig,
  ) {}

  async create(request: CreateAgreementRequest, actor: ApiKeyActor): Promise<PublicAgreement> {
    const draft = await this.draftOf(request, actor);
    return publicAgreementOf(draft.toObject(), this.config.CONTRACT_EXPIRY_DAYS);
  }

  private draftOf(request: CreateAgreementRequest, actor: ApiKeyActor) {
    switch (request.family) {
      case 'standard':
        return this.createStandard(request, actor);
      case 'sow':
        return this.projects.createSow(request, actor);
      case 'co':
        return this.projects.createChangeOrder(request, actor);
      case 'document':
        return this.createDocument(request, actor);
    }
  }

  /** Sends a draft; again on a sent one continues an unfinished send, else 409. */
  async send(id: string, actor: ApiKeyActor): Promise<PublicAgreement> {
    const agreement = await this.agreements.found(id);
    if (agreement.send?.state === 'completed') {
      throw new ConflictException('The agreement was sent already.');
    }
    await this.sending.run(agreement, actor);
    return this.agreements.get(id);
  }

  /** A standard agreement: the service's texts, the form's fields, the template for the service. */
  private async createStandard(
    request: CreateStandardAgreementRequest,
    actor: ApiKeyActor,
  ): Promise<AgreementDocument<object>> {
    const service = await this.services.findById(request.serviceId);
    if (!service) throw new NotFoundException('No service has this id.');
    const form = {
      full_name: request.signer.name,
      email: request.signer.email,
      contact_number: request.signer.phone ?? '',
      company_name: request.companyName ?? '',
      cc_email: request.ccEmail ?? '',
      site_address: request.siteAddress ?? '',
      city: request.city ?? '',
      state: request.state ?? '',
      zipcode: request.zipcode ?? '',
      cost: request.cost,
      deposit: request.deposit,
      progress: request.progress ?? 0,
      balance: request.balance ?? request.cost - request.deposit - (request.progress ?? 0),
      csm_email: request.csmEmail,
      pm_email: request.pmEmail ?? '',
      form_type: service.serviceName,
      t24ReportCount: request.t24ReportCount,
    };
    const signers = sendSignersOf(request);
    const clauses = {
      agreementTitle: service.agreementTitle,
      start: service.start,
      projectDescription: service.projectDescription,
      engineerBasicService: service.engineerBasicService,
      engineerAdditionalService: service.engineerAdditionalService,
      engineerFee: service.engineerFee,
      licensingAndInsurance: service.licensingAndInsurance,
      termsAndConditions: service.termsAndConditions,
    };
    const { docLink } = await this.documents.createContract(
      standardTemplateDocIdFor(service.serviceName),
      {
        ...form,
        additional_email: form.cc_email,
        serviceType: service.serviceName,
        contract_data: clauses,
      } as unknown as Parameters<DocumentsService['createContract']>[1],
      signatureSignersOf({ name: request.signer.name, email: request.signer.email }, signers),
    );
    return this.contracts.prepareSend(
      {
        ...form,
        ...signers,
        docLink,
        contractIntro: clauses.start,
        contractTitle: clauses.agreementTitle,
        contractEngineerBasicService: clauses.engineerBasicService,
        contractEngineerAddService: clauses.engineerAdditionalService,
        contractDescription: clauses.projectDescription,
        contractPayment: clauses.engineerFee,
        contractLicense: clauses.licensingAndInsurance,
        contractTermsAndConditions: clauses.termsAndConditions,
        hsDealId: request.crmDealId ?? null,
        subject: `${service.agreementTitle || service.serviceName} for ${form.site_address}`.trim(),
        filename: `${service.serviceName} - ${form.site_address}`.trim(),
      },
      actor,
    ) as Promise<AgreementDocument<object>>;
  }

  /**
   * An uploaded-document agreement from a template: a draft of the template with a person for
   * each role (as "Use template" makes one), its document, then the send's checks.
   */
  private async createDocument(
    request: CreateDocumentAgreementRequest,
    actor: ApiKeyActor,
  ): Promise<AgreementDocument<object>> {
    const template = await this.templates.read(request.templateId, undefined).catch(() => {
      throw new NotFoundException('No template has this id.');
    });
    const draft = await this.templates.draft(
      request.templateId,
      { version: request.templateVersion, people: request.people },
      draftOwner(actor),
    );
    const { docLink } = await this.uploadedDocuments.create(
      { draftId: draft.id, template: draft.template },
      draftOwner(actor),
    );
    const first = request.people[SINGLE_SIGNER_RECIPIENT_ID];
    const firm = request.people[COUNTERSIGNER_RECIPIENT_ID];
    const others = draft.signers.filter(
      (signer) => signer.role === 'signer' && signer.id !== SINGLE_SIGNER_RECIPIENT_ID,
    );
    return this.uploadedDocuments.prepareSend(
      {
        docLink,
        title: request.title ?? template.name,
        signer_name: first?.name ?? '',
        signer_email: first?.email ?? '',
        ...(first && 'phone' in first && first.phone ? { signer_phone: first.phone } : {}),
        csm_email: request.csmEmail,
        ...(request.ccEmails?.length ? { cc_emails: request.ccEmails.join(', ') } : {}),
        ...(request.expiresInDays ? { expires_in_days: request.expiresInDays } : {}),
        ...(request.crmDealId ? { deal_id: request.crmDealId } : {}),
        ...(others.length
          ? { additional_signers: others.map(({ name, email }) => ({ name, email })) }
          : {}),
        ...(firm ? { countersigner: firm } : {}),
        ...sendSignersOf({
          signingOrder: request.signingOrder,
          requireEmailCode: request.requireEmailCode,
        }),
      },
      actor,
    ) as Promise<AgreementDocument<object>>;
  }
}
