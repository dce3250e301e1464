import { BadRequestException, Injectable } from '@nestjs/common';
import {
  CLIENT_SIGNATORY_ROLE,
  extractCrmRecordId,
  joinMultiValue,
  MISSING_CLIENT_SIGNATORY,
  type ContactCount,
  type CrmOwnerResponse,
  type CrmUpdated,
  type DealPropertiesCheck,
  type DealPropertiesUpdated,
  type DealsByAddress,
  type PropertyOptions,
} from '@prosign/domain';
import { AppConfig } from '../../platform/config/app-config';
import type { CrmOwner, DealStageMilestone } from '../../integrations/crm';
import { type ContactRoleUpdate, type DealLookup } from './crm-flow-shapes';
import { CrmFlows } from './crm-flows.service';
import { dealPropertiesFromContractForm, splitFullName } from './contract-form-to-deal';
import type { ContractFormDataDto } from './dto/contract-form-data.dto';
import type { UpdateMissingDto } from './dto/crm-requests.dto';

/** The CRM calls of spec 1 §7 and spec 2 §7, over the CRM flows. */
@Injectable()
export class CrmService {
  constructor(
    private readonly crm: CrmFlows,
    private readonly config: AppConfig,
  ) {}

  /** The deal, its signatories and its stage's label (the screen shows labels, not stage ids). */
  async fetchDeal(hsObjectId: string): Promise<DealLookup> {
    const dealId = extractCrmRecordId(hsObjectId);
    if (!dealId) {
      throw new BadRequestException('hsObjectId must be a deal id or a HubSpot deal URL');
    }
    const lookup = await this.crm.getDeal(dealId);
    const stage = lookup.deal.properties.dealstage;
    if (!stage) return lookup;
    // A label is a nicety: a CRM that cannot list its stages still answers with the deal.
    const stages = await this.crm.getPropertyOptions('deals', 'dealstage').catch(() => []);
    const label = stages.find((option) => option.value === stage)?.label ?? null;
    return { ...lookup, stageLabel: label };
  }

  async dealsByAddress(address: string): Promise<DealsByAddress> {
    // A pasted deal URL or id finds that deal, as the search box promises (spec 2 §2.1).
    const id = extractCrmRecordId(address);
    if (id && !/^\d+$/.test(address.trim())) {
      const { deal } = await this.crm.getDeal(id);
      return { deals: [deal] };
    }
    return { deals: await this.crm.searchDealsByAddress(address) };
  }

  async owner(ownerId: string): Promise<CrmOwnerResponse> {
    return { owner: await this.crm.getOwner(ownerId) };
  }

  async owners(): Promise<{ data: { results: CrmOwner[] } }> {
    return { data: { results: await this.crm.listOwners() } };
  }

  async propertyOptions(objectType: string, propertyName: string): Promise<PropertyOptions> {
    return { options: await this.crm.getPropertyOptions(objectType, propertyName) };
  }

  async contactCountByEmail(email: string): Promise<ContactCount> {
    return { count: await this.crm.countContactsByEmail(email) };
  }

  checkDealProperties(dealId: string): Promise<DealPropertiesCheck> {
    return this.crm.checkDealProperties(dealId);
  }

  /**
   * Writes what the deal check's screen may change: values for the properties the
   * deal check reports missing on this deal now (libs/domain `checkDealProperties`),
   * and contact roles. Any other property (`dealstage`, `amount`, …) is refused
   * with 400 and nothing is written.
   */
  async updateMissing(dealId: string, body: UpdateMissingDto): Promise<CrmUpdated> {
    // `client_signatory` is reported missing but is no property: a contact role fills it.
    const requested = Object.entries(body.missingProperties ?? {}).filter(
      ([name]) => name !== MISSING_CLIENT_SIGNATORY,
    );
    for (const [name, value] of requested) {
      if (
        Array.isArray(value) ? value.some((v) => typeof v !== 'string') : typeof value !== 'string'
      ) {
        throw new BadRequestException(`${name} must be a text or a list of texts`);
      }
    }
    const check = await this.crm.checkDealProperties(dealId);
    const notMissing = requested
      .map(([name]) => name)
      .filter((name) => !check.missingProperties.includes(name));
    if (notMissing.length > 0) {
      throw new BadRequestException(
        `Only properties the deal check reports missing can be filled here, not: ${notMissing.join(', ')}`,
      );
    }
    const properties = Object.fromEntries(
      requested.map(([name, value]) => [
        name,
        Array.isArray(value) ? joinMultiValue(value) : value,
      ]),
    );

    const contactRoles: ContactRoleUpdate[] = (body.updatedContactRoles ?? []).map((change) => ({
      ...change,
    }));
    // The contract's recipient becomes the client signatory when the deal has none and none is named.
    const form = body.contractFormData;
    const namesSignatory = contactRoles.some((change) => change.role === CLIENT_SIGNATORY_ROLE);
    if (
      !namesSignatory &&
      form?.email &&
      check.missingProperties.includes(MISSING_CLIENT_SIGNATORY)
    ) {
      contactRoles.push({
        email: form.email,
        ...splitFullName(form.full_name),
        ...(form.contact_number ? { phone: form.contact_number } : {}),
        role: CLIENT_SIGNATORY_ROLE,
      });
    }
    if (Object.keys(properties).length === 0 && contactRoles.length === 0) {
      throw new BadRequestException(
        'Nothing to update: give missingProperties or updatedContactRoles',
      );
    }
    await this.crm.updateMissingDealProperties(dealId, { properties, contactRoles });
    return { success: true };
  }

  async updateAll(dealId: string, form: ContractFormDataDto): Promise<DealPropertiesUpdated> {
    const properties = dealPropertiesFromContractForm(form, this.config.CRM_DEAL_ADDRESS_PROPERTY);
    if (form.csm_email) {
      const owners = await this.crm.listOwners();
      const csm = owners.find(
        (owner) => owner.email.toLowerCase() === form.csm_email?.toLowerCase(),
      );
      if (!csm) throw new BadRequestException(`No CRM owner has the e-mail ${form.csm_email}`);
      properties.customer_success_manager = csm.id;
    }
    if (Object.keys(properties).length === 0) {
      throw new BadRequestException('contractFormData carries no deal property to update');
    }
    await this.crm.updateDealProperties(dealId, properties);
    return { success: true, properties };
  }

  async moveStage(
    dealId: string,
    milestone: DealStageMilestone,
    contractLink?: string,
  ): Promise<{ success: true; dealId: string; dealstage: string }> {
    const dealstage = await this.crm.moveDealToStage(dealId, milestone, contractLink);
    return { success: true, dealId, dealstage };
  }
}
