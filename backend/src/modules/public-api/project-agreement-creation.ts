import { Injectable } from '@nestjs/common';
import {
  CP_ROLE_FEE_FIELDS,
  type CreateChangeOrderRequest,
  type CreateSowAgreementRequest,
  type SendSignersRequest,
} from '@prosign/domain';
import type { AgreementDocument } from '../agreements';
import { CoCreationService } from '../families/co';
import { SowCreationService } from '../families/sow';
import type { ApiKeyActor } from './public-api-route.decorator';

/** The signers of a public creation as every family's send takes them. */
export function sendSignersOf(request: {
  additionalSigners?: { name: string; email: string; phone?: string }[];
  countersigner?: { email: string; name?: string; title?: string };
  signingOrder?: 'parallel' | 'sequential';
  requireEmailCode?: boolean;
}): SendSignersRequest {
  return {
    ...(request.additionalSigners?.length
      ? {
          additional_signers: request.additionalSigners.map((signer) => ({
            name: signer.name,
            email: signer.email,
            phone: signer.phone ?? null,
          })),
        }
      : {}),
    ...(request.countersigner ? { countersigner: request.countersigner } : {}),
    ...(request.signingOrder ? { signing_order: request.signingOrder } : {}),
    ...(request.requireEmailCode === undefined
      ? {}
      : { require_email_code: request.requireEmailCode }),
  };
}

/**
 * The project families' creations through the public api: the request in the staff screen's
 * words, then the family's own create (its checks, the CRM lookups, the document) and the
 * send's checks, kept as a draft.
 */
@Injectable()
export class ProjectAgreementCreation {
  constructor(
    private readonly sow: SowCreationService,
    private readonly changeOrders: CoCreationService,
  ) {}

  async createSow(
    request: CreateSowAgreementRequest,
    actor: ApiKeyActor,
  ): Promise<AgreementDocument<object>> {
    const input = {
      templateName: request.templateName,
      cp_name: request.partner.name,
      cp_email: request.partner.email,
      cp_phone: request.partner.phone ?? '',
      cp_roles: request.roles,
      fees: Object.fromEntries(
        Object.entries(request.fees).map(([role, fee]) => [
          CP_ROLE_FEE_FIELDS[role as keyof typeof CP_ROLE_FEE_FIELDS],
          fee,
        ]),
      ),
      cc_emails: request.ccEmails,
      project_type: request.projectType ?? '',
      project_id: request.projectCrmId,
      project_address: request.projectAddress,
      project_overview: request.projectOverview ?? '',
      timeline: request.timeline,
      site_visit_date_time: request.siteVisitAt ?? null,
      services_deliverables: request.servicesDeliverables ?? '',
      pm_email: request.pmEmail,
      effective_date: request.effectiveDate ?? null,
      selectedCpId: request.partnerCrmId ?? null,
      selectedHSProjectId: request.projectCrmId,
      blacklistConfirmed: request.confirmBlacklisted ?? false,
      ...sendSignersOf(request),
    };
    const { docLink } = await this.sow.create(input);
    return this.sow.prepareSend({ ...input, docLink }, actor) as Promise<AgreementDocument<object>>;
  }

  async createChangeOrder(
    request: CreateChangeOrderRequest,
    actor: ApiKeyActor,
  ): Promise<AgreementDocument<object>> {
    const input = {
      templateId: request.templateId,
      deal_id: request.crmDealId,
      // The project as the change order names it: the screen shows its address.
      project_id: request.projectAddress,
      project_address: request.projectAddress,
      signatory_name: request.signatory.name,
      signatory_email: request.signatory.email,
      signatory_phone: request.signatory.phone ?? '',
      description: request.description,
      fee: request.fee,
      payment_terms: request.paymentTerms,
      ...(request.firstPayment === undefined ? {} : { firstPayment: request.firstPayment }),
      ...(request.secondPayment === undefined ? {} : { secondPayment: request.secondPayment }),
      specifications_provisions: request.specificationsProvisions ?? '',
      main_contract_signed_date: request.mainContractSignedDate ?? null,
      csm_email: request.csmEmail,
      pm_email: request.pmEmail ?? '',
      cc_emails: request.ccEmails,
      associationLabel: request.associationLabel ?? null,
      selectedHSSignatoryId: request.signatoryCrmId ?? null,
      selectedHSProjectId: request.projectCrmId ?? null,
      duplicateDealId: null,
      ...sendSignersOf(request),
    };
    const { docLink } = await this.changeOrders.create(input);
    return this.changeOrders.prepareSend({ ...input, docLink }, actor) as Promise<
      AgreementDocument<object>
    >;
  }
}
