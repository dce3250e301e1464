import { ConflictException, Inject, Injectable, Optional } from '@nestjs/common';
import {
  checkDealProperties,
  extractCrmRecordId,
  isChangeOrderLabel,
  joinMultiValue,
  type ChangeOrderLabel,
  type DealProjectLink,
  type DealPropertiesCheck,
  isCrmStageEvent,
  type CrmRecordEvent,
} from '@prosign/domain';
import {
  CONTACT_PROPERTIES,
  CRM_PORT,
  DEAL_PROPERTIES,
  labelsOf,
  PARTNER_CONTACT_TYPE,
  PROJECT_PROPERTIES,
  type CrmCondition,
  type CrmDeal,
  type CrmNote,
  type CrmObjectType,
  type CrmOwner,
  type CrmPort,
  type CrmProject,
  type CrmRecord,
  type DealStageMilestone,
  type PropertyOption,
} from '../../integrations/crm';
import { AppConfig } from '../../platform/config/app-config';
import { isChangeOrderPipeline, stageFor } from './crm-stages';
import { CrmStageMappings } from './crm-stage-mapping.service';
import {
  clientSignatoriesOf,
  contactsByEmail,
  dealContactRoles,
  type ContactSearchResult,
  type CrmDealContact,
  type DealLookup,
  type MissingPropertiesUpdate,
  type PartnerInput,
  type ProjectDetails,
  type ProjectLabelInfo,
} from './crm-flow-shapes';

const SEARCH_LIMIT = 20;
/**
 * Every CRM operation the product performs (spec 1 §7, spec 2 §3/§7, spec 3
 * §3/§7), composed once from the CRM port's primitives, whichever adapter runs.
 * Answers keep the CRM's shapes (`{id, properties}`), which the spec's call tables
 * expose as they are.
 */
@Injectable()
export class CrmFlows {
  constructor(
    @Inject(CRM_PORT) private readonly crm: CrmPort,
    private readonly config: AppConfig,
    /** Stages per event; absent, events other than the spec's calls move nothing. */
    @Optional() private readonly stageMappings?: CrmStageMappings,
  ) {}

  async getDeal(dealId: string): Promise<DealLookup> {
    const deal = await this.crm.readRecord('deals', dealId, this.dealProperties());
    const contacts = await this.associatedContacts('deals', dealId);
    const redirect = isChangeOrderPipeline(this.config, deal.properties.pipeline);
    return {
      deal,
      clientSignatories: clientSignatoriesOf(contacts),
      redirect,
      project: redirect ? await this.dealProject(dealId) : null,
    };
  }

  async searchDealsByAddress(address: string): Promise<CrmDeal[]> {
    const text = address.trim();
    if (!text) return [];
    const anyOf: CrmCondition[][] = [
      [{ property: this.config.CRM_DEAL_ADDRESS_PROPERTY, contains: text }],
    ];
    if (/^\d+$/.test(text)) anyOf.push([{ id: text }]);
    const { records } = await this.crm.search('deals', {
      anyOf,
      properties: this.dealProperties(),
      limit: SEARCH_LIMIT,
    });
    return records;
  }

  getOwner(ownerId: string): Promise<CrmOwner> {
    return this.crm.getOwner(ownerId);
  }

  listOwners(): Promise<CrmOwner[]> {
    return this.crm.listOwners();
  }

  getPropertyOptions(objectType: string, propertyName: string): Promise<PropertyOption[]> {
    return this.crm.getPropertyOptions(objectType, propertyName);
  }

  async countContactsByEmail(email: string): Promise<number> {
    const { total } = await this.crm.search('contacts', contactsByEmail(email));
    return total;
  }

  async searchContacts(text: string): Promise<ContactSearchResult> {
    const { records, total } = await this.crm.search('contacts', {
      anyOf: [],
      text: text.trim(),
      properties: [...CONTACT_PROPERTIES],
      limit: SEARCH_LIMIT,
    });
    return { contacts: records, count: total };
  }

  async checkDealProperties(dealId: string): Promise<DealPropertiesCheck> {
    const deal = await this.crm.readRecord('deals', dealId, this.dealProperties());
    const contacts = await this.associatedContacts('deals', dealId);
    return checkDealProperties(deal.properties, contacts.map(dealContactRoles));
  }

  async updateMissingDealProperties(
    dealId: string,
    update: MissingPropertiesUpdate,
  ): Promise<void> {
    for (const change of update.contactRoles) {
      const contactId =
        change.contactId ??
        (await this.findContactIdByEmail(change.email)) ??
        (await this.crm.createRecord('contacts', {
          email: change.email,
          ...(change.firstname ? { firstname: change.firstname } : {}),
          ...(change.lastname ? { lastname: change.lastname } : {}),
          ...(change.phone ? { phone: change.phone } : {}),
        }));
      await this.crm.setAssociationLabel(
        { fromType: 'deals', fromId: dealId, toType: 'contacts', toId: contactId },
        change.role,
      );
    }
    if (Object.keys(update.properties).length > 0) {
      await this.crm.updateRecord('deals', dealId, update.properties);
    }
  }

  updateDealProperties(dealId: string, properties: Record<string, string>): Promise<void> {
    return this.crm.updateRecord('deals', dealId, properties);
  }

  /** Moves the deal to the sent/signed stage of its pipeline (and stores the link); returns the stage id. */
  async moveDealToStage(
    dealId: string,
    milestone: DealStageMilestone,
    contractLink?: string,
  ): Promise<string> {
    const deal = await this.crm.readRecord('deals', dealId, ['pipeline']);
    const properties: Record<string, string> = {
      dealstage: stageFor(this.config, deal.properties.pipeline, milestone),
    };
    if (contractLink) properties[this.config.CRM_CONTRACT_LINK_PROPERTY] = contractLink;
    await this.crm.updateRecord('deals', dealId, properties);
    return properties.dealstage;
  }

  /**
   * A signer declined: the reason as a note on the deal's timeline, then the
   * deal's stage move on decline (`moveDealOnDecline`). Returns the stage the deal was moved
   * to, or null when it stays where it is.
   */
  async dealDeclined(dealId: string, note: CrmNote): Promise<string | null> {
    await this.crm.addDealNote(dealId, note);
    return this.moveDealOnDecline(dealId);
  }

  /**
   * The deal's stage move when its agreement is declined: where the admin's stage rules for
   * its pipeline say (none by default), never backwards unless they allow it. Returns the
   * stage the deal moved to, or null when it stays.
   */
  async moveDealOnDecline(dealId: string): Promise<string | null> {
    return this.moveDealOnEvent(dealId, 'declined');
  }

  /**
   * Moves a deal as the stage rules say for `event` and writes `properties`
   * with it, in one update. The new stage, or null when the deal stays where it is.
   */
  async moveDealOnEvent(
    dealId: string,
    event: CrmRecordEvent,
    properties: Record<string, string> = {},
  ): Promise<string | null> {
    let stage: string | null = null;
    if (this.stageMappings && isCrmStageEvent(event)) {
      const deal = await this.crm.readRecord('deals', dealId, ['pipeline', 'dealstage']);
      stage = await this.stageMappings.stageFor(
        event,
        deal.properties.pipeline ?? null,
        deal.properties.dealstage ?? null,
      );
    }
    const update = { ...properties, ...(stage ? { dealstage: stage } : {}) };
    if (Object.keys(update).length > 0) await this.crm.updateRecord('deals', dealId, update);
    return stage;
  }

  async searchProjects(text: string): Promise<CrmProject[]> {
    const query = text.trim();
    if (!query) return [];
    const anyOf: CrmCondition[][] = [
      [{ property: 'address', contains: query }],
      [{ property: 'property_address', contains: query }],
    ];
    if (/^\d+$/.test(query)) anyOf.push([{ id: query }]);
    const { records } = await this.crm.search('projects', {
      anyOf,
      properties: [...PROJECT_PROPERTIES],
      limit: SEARCH_LIMIT,
    });
    return records;
  }

  /**
   * Projects by what a user typed (spec 3 §2): a typed id or a pasted CRM record
   * URL finds that project; anything else, or an id that finds none, is searched
   * as address text.
   */
  async findProjects(typed: string): Promise<CrmProject[]> {
    const query = typed.trim();
    if (!query) return [];
    const id =
      /^\d+$/.test(query) || /^https?:\/\//i.test(query) ? extractCrmRecordId(query) : null;
    if (id) {
      const found = await this.getProject(id).then(
        (details) => [details.project],
        () => [],
      );
      if (found.length) return found;
    }
    return this.searchProjects(query);
  }

  async getProject(projectId: string): Promise<ProjectDetails> {
    const project = await this.crm.readRecord('projects', projectId, [...PROJECT_PROPERTIES]);
    const contactDetails = await this.associatedContacts('projects', projectId);
    return { project, contactDetails };
  }

  async getProjectLabelInfo(projectId: string): Promise<ProjectLabelInfo> {
    const project = await this.crm.readRecord('projects', projectId, ['main_contract_signed_date']);
    const links = await this.crm.readAssociations('projects', projectId, 'deals');
    const taken = links.flatMap((link) => labelsOf(link.kinds)).filter(isChangeOrderLabel);
    return {
      date: project.properties.main_contract_signed_date ?? null,
      notAvailableLabels: [...new Set(taken)].sort(),
    };
  }

  /** Associates a CO deal with a project under a label; refuses a label another deal holds (409). */
  async linkDealToProject(
    dealId: string,
    projectId: string,
    label: ChangeOrderLabel,
  ): Promise<void> {
    const links = await this.crm.readAssociations('projects', projectId, 'deals');
    const takenByOther = links.some(
      (link) => link.toId !== dealId && labelsOf(link.kinds).includes(label),
    );
    if (takenByOther)
      throw new ConflictException(`${label} is already taken on project ${projectId}`);
    await this.crm.setAssociationLabel(
      { fromType: 'deals', fromId: dealId, toType: 'projects', toId: projectId },
      label,
    );
  }

  /** A copy of a CO deal (split payment) with its contacts; returns the new deal id. */
  async duplicateDeal(dealId: string, overrides: Record<string, string>): Promise<string> {
    const deal = await this.crm.readRecord('deals', dealId, this.dealProperties());
    const contacts = await this.crm.readAssociations('deals', dealId, 'contacts');
    const projects = await this.crm.readAssociations('deals', dealId, 'projects');
    const properties: Record<string, string> = {};
    for (const [name, value] of Object.entries(deal.properties)) {
      // The CRM computes hs_* properties itself; the link belongs to the original's contract.
      if (
        value !== null &&
        !name.startsWith('hs_') &&
        name !== this.config.CRM_CONTRACT_LINK_PROPERTY
      ) {
        properties[name] = value;
      }
    }
    properties.dealname = `${deal.properties.dealname ?? `Deal ${dealId}`} (copy)`;
    Object.assign(properties, overrides);
    return this.crm.createRecord('deals', properties, [
      ...contacts.map((link) => ({ toType: 'contacts' as const, ...link })),
      // The copy joins the same project, without the original's change-order label.
      ...projects.map((link) => ({
        toType: 'projects' as const,
        toId: link.toId,
        kinds: link.kinds.filter((kind) => !kind.label),
      })),
    ]);
  }

  async searchPartners(text: string): Promise<CrmRecord[]> {
    const { records } = await this.crm.search('contacts', {
      anyOf: [[{ property: 'type', equals: PARTNER_CONTACT_TYPE }]],
      text: text.trim() || undefined,
      properties: [...CONTACT_PROPERTIES],
      limit: SEARCH_LIMIT,
    });
    return records;
  }

  /** A community partner (contact) by id; NotFoundException when there is none. */
  getPartner(partnerId: string): Promise<CrmRecord> {
    return this.crm.readRecord('contacts', partnerId, [...CONTACT_PROPERTIES], 'Partner');
  }

  /** Creates or updates a partner contact (by id, else by e-mail) and associates it with the project. */
  async upsertProjectPartner(
    projectId: string,
    partner: PartnerInput,
    partnerId?: string,
  ): Promise<string> {
    const properties: Record<string, string> = { email: partner.email, type: PARTNER_CONTACT_TYPE };
    if (partner.firstname !== undefined) properties.firstname = partner.firstname;
    if (partner.lastname !== undefined) properties.lastname = partner.lastname;
    if (partner.phone !== undefined) properties.phone = partner.phone;
    if (partner.roles) properties.project_role__sales_rep = joinMultiValue(partner.roles);

    const id = partnerId ?? (await this.findContactIdByEmail(partner.email));
    const contactId = id ?? (await this.crm.createRecord('contacts', properties));
    if (id) await this.crm.updateRecord('contacts', id, properties);
    // Partner roles live on the contact (project_role__sales_rep); the association is unlabeled.
    await this.crm.associate({
      fromType: 'projects',
      fromId: projectId,
      toType: 'contacts',
      toId: contactId,
    });
    return contactId;
  }

  // --- helpers -------------------------------------------------------------

  private dealProperties(): string[] {
    return [
      ...new Set([
        ...DEAL_PROPERTIES,
        this.config.CRM_DEAL_ADDRESS_PROPERTY,
        this.config.CRM_CONTRACT_LINK_PROPERTY,
      ]),
    ];
  }

  private async findContactIdByEmail(email: string): Promise<string | null> {
    const { records } = await this.crm.search('contacts', contactsByEmail(email));
    return records[0]?.id ?? null;
  }

  /** The contacts associated with a deal or project, with their roles (labels) there. */
  private async associatedContacts(
    fromType: CrmObjectType,
    fromId: string,
  ): Promise<CrmDealContact[]> {
    const links = await this.crm.readAssociations(fromType, fromId, 'contacts');
    if (links.length === 0) return [];
    const contacts = await this.crm.readRecords(
      'contacts',
      links.map((link) => link.toId),
      [...CONTACT_PROPERTIES],
    );
    return contacts.map((contact) => ({
      ...contact,
      roles: labelsOf(links.find((link) => link.toId === contact.id)?.kinds ?? []),
    }));
  }

  private async dealProject(dealId: string): Promise<DealProjectLink | null> {
    const [link] = await this.crm.readAssociations('deals', dealId, 'projects');
    if (!link) return null;
    const project = await this.crm.readRecord('projects', link.toId, [...PROJECT_PROPERTIES]);
    return { project, label: labelsOf(link.kinds).find(isChangeOrderLabel) ?? null };
  }
}
