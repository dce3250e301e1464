import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  extractCrmRecordId,
  nextChangeOrderLabel,
  type CoContactsResponse,
  type CoDealResponse,
  type CoDealsResponse,
  type CoProjectLabelResponse,
  type CoProjectsResponse,
  type ChangeOrderLabel,
  type DealPropertiesCheck,
} from '@prosign/domain';
import { CrmFlows } from '../../crm';

/** What a change order's signatory contact must have in the CRM. */
const SIGNATORY_NEEDS = ['firstname', 'lastname', 'email'] as const;

/** A typed id or a pasted record URL, else null (an address is searched as text). */
function recordIdOf(text: string): string | null {
  return /^\d+$/.test(text) || /^https?:\/\//i.test(text) ? extractCrmRecordId(text) : null;
}

/** The CRM calls of the CO screen (spec 3 §2, §7 "CO helpers"), on whichever CRM adapter runs. */
@Injectable()
export class CoCrmService {
  constructor(private readonly crm: CrmFlows) {}

  async dealsByAddress(text: string): Promise<CoDealsResponse> {
    const query = text.trim();
    if (!query) return { deals: [] };
    const id = recordIdOf(query);
    if (id) {
      const found = await this.crm
        .getDeal(id)
        .then((lookup) => [lookup.deal])
        .catch(() => []);
      if (found.length) return { deals: found };
    }
    return { deals: await this.crm.searchDealsByAddress(query) };
  }

  deal(id: string): Promise<CoDealResponse> {
    const dealId = extractCrmRecordId(id);
    if (!dealId) throw new BadRequestException('Enter a deal id or a CRM deal URL.');
    return this.crm.getDeal(dealId);
  }

  contacts(search: string): Promise<CoContactsResponse> {
    return this.crm.searchContacts(search.trim());
  }

  async projects(text: string): Promise<CoProjectsResponse> {
    return { projects: await this.crm.findProjects(text) };
  }

  async projectLabel(projectId: string): Promise<CoProjectLabelResponse> {
    const info = await this.crm.getProjectLabelInfo(projectId);
    return { ...info, nextLabel: nextChangeOrderLabel(info.notAvailableLabels) };
  }

  /** Associates the CO deal with the project under the label; a label already taken is refused (409). */
  async linkToProject(dealId: string, projectId: string, label: ChangeOrderLabel): Promise<void> {
    await this.crm.linkDealToProject(dealId, projectId, label);
  }

  /** A copy of the CO deal carrying the split's second payment; its id. */
  async duplicate(dealId: string, amount: number): Promise<{ dealId: string }> {
    const copy = await this.crm.duplicateDeal(dealId, { amount: String(amount) });
    return { dealId: copy };
  }

  /** The deal check; with the chosen signatory, what that contact lacks too (`signatory.<property>`). */
  async missingProperties(dealId: string, contactId?: string | null): Promise<DealPropertiesCheck> {
    const check = await this.crm.checkDealProperties(dealId);
    if (!contactId) return check;
    const contact = await this.crm.getPartner(contactId).catch((error: unknown) => {
      if (error instanceof NotFoundException) {
        throw new BadRequestException('The chosen signatory is not in the CRM.');
      }
      throw error;
    });
    const lacking = SIGNATORY_NEEDS.filter((name) => !contact.properties[name]?.trim()).map(
      (name) => `signatory.${name}`,
    );
    if (lacking.length === 0) return check;
    return {
      ...check,
      isValid: false,
      missingProperties: [...check.missingProperties, ...lacking],
    };
  }
}
