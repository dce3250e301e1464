import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { Client } from '@hubspot/api-client';
import {
  checkDealProperties,
  isChangeOrderLabel,
  joinMultiValue,
  type ChangeOrderLabel,
  type DealPropertiesCheck,
} from '@prosign/domain';
import type { AppConfig } from '../../platform/config/app-config';
import {
  CONTACT_PROPERTIES,
  DEAL_PROPERTIES,
  PARTNER_CONTACT_TYPE,
  PROJECT_PROPERTIES,
  clientSignatoriesOf,
  type ContactSearchResult,
  type CrmDeal,
  type CrmDealContact,
  type CrmOwner,
  type CrmPort,
  type CrmProject,
  type CrmRecord,
  type DealLookup,
  type DealProjectLink,
  type DealStageMilestone,
  type MissingPropertiesUpdate,
  type PartnerInput,
  type ProjectDetails,
  type ProjectLabelInfo,
  type PropertyOption,
  dealContactRoles,
} from './crm.port';
import { isChangeOrderPipeline, stageFor } from './crm-stages';

const SEARCH_LIMIT = 20;
const USER_DEFINED = 'USER_DEFINED';

interface HubSpotObject {
  id: string;
  properties: Record<string, string | null>;
}

interface AssociationType {
  category: string;
  typeId: number;
  label?: string | null;
}

interface SearchFilter {
  propertyName: string;
  operator: string;
  value?: string;
}

/**
 * The CRM port on HubSpot through `@hubspot/api-client` (private-app token).
 * Stage ids, the project object type and property names come from AppConfig.
 * Contact roles and change-order labels are HubSpot association labels;
 * their type ids are looked up by label name (and cached) on first use.
 */
export class HubSpotCrmAdapter implements CrmPort {
  readonly adapter = 'hubspot' as const;
  private readonly client: Client;
  private readonly projectType: string;
  private readonly labelIds = new Map<string, Promise<Map<string, number>>>();

  constructor(private readonly config: AppConfig) {
    if (!config.HUBSPOT_ACCESS_TOKEN || !config.HUBSPOT_PROJECT_OBJECT_TYPE) {
      throw new Error(
        'The HubSpot adapter needs HUBSPOT_ACCESS_TOKEN and HUBSPOT_PROJECT_OBJECT_TYPE',
      );
    }
    this.projectType = config.HUBSPOT_PROJECT_OBJECT_TYPE;
    this.client = new Client({
      accessToken: config.HUBSPOT_ACCESS_TOKEN,
      basePath: config.HUBSPOT_BASE_URL.replace(/\/+$/, ''),
      // Requests are user-facing or queued jobs with their own retries: fail fast here.
      numberOfApiCallRetries: 0,
    });
  }

  async getDeal(dealId: string): Promise<DealLookup> {
    const deal = await this.getObject('deals', dealId, this.dealProperties());
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
    const groups: SearchFilter[][] = [
      [
        {
          propertyName: this.config.CRM_DEAL_ADDRESS_PROPERTY,
          operator: 'CONTAINS_TOKEN',
          value: `*${text}*`,
        },
      ],
    ];
    if (/^\d+$/.test(text))
      groups.push([{ propertyName: 'hs_object_id', operator: 'EQ', value: text }]);
    const { results } = await this.search('deals', groups, this.dealProperties());
    return results;
  }

  async getOwner(ownerId: string): Promise<CrmOwner> {
    if (!/^\d+$/.test(ownerId))
      throw new BadRequestException('ownerId must be a numeric HubSpot owner id');
    const owner = await this.call(`Owner ${ownerId}`, () =>
      this.client.crm.owners.ownersApi.getById(Number(ownerId)),
    );
    return toOwner(owner);
  }

  async listOwners(): Promise<CrmOwner[]> {
    const owners: CrmOwner[] = [];
    let after: string | undefined;
    do {
      const page = await this.call('Owners', () =>
        this.client.crm.owners.ownersApi.getPage(undefined, after, 100),
      );
      owners.push(...page.results.map(toOwner));
      after = page.paging?.next?.after;
    } while (after);
    return owners;
  }

  async getPropertyOptions(objectType: string, propertyName: string): Promise<PropertyOption[]> {
    const property = await this.call(`Property ${propertyName} of ${objectType}`, () =>
      this.client.crm.properties.coreApi.getByName(this.objectTypeFor(objectType), propertyName),
    );
    return property.options
      .filter((option) => !option.hidden)
      .map(({ label, value }) => ({ label, value }));
  }

  async countContactsByEmail(email: string): Promise<number> {
    const { total } = await this.search(
      'contacts',
      [[{ propertyName: 'email', operator: 'EQ', value: email.trim() }]],
      ['email'],
      1,
    );
    return total;
  }

  async searchContacts(text: string): Promise<ContactSearchResult> {
    const { results, total } = await this.search(
      'contacts',
      [],
      [...CONTACT_PROPERTIES],
      SEARCH_LIMIT,
      text.trim(),
    );
    return { contacts: results, count: total };
  }

  async checkDealProperties(dealId: string): Promise<DealPropertiesCheck> {
    const deal = await this.getObject('deals', dealId, this.dealProperties());
    const contacts = await this.associatedContacts('deals', dealId);
    return checkDealProperties(deal.properties, contacts.map(dealContactRoles));
  }

  async updateMissingDealProperties(
    dealId: string,
    update: MissingPropertiesUpdate,
  ): Promise<void> {
    for (const change of update.contactRoles) {
      const typeId = await this.labelTypeId('deals', 'contacts', change.role);
      const contactId =
        change.contactId ??
        (await this.findContactIdByEmail(change.email)) ??
        (await this.createObject('contacts', {
          email: change.email,
          ...(change.firstname ? { firstname: change.firstname } : {}),
          ...(change.lastname ? { lastname: change.lastname } : {}),
          ...(change.phone ? { phone: change.phone } : {}),
        }));
      await this.replaceLabels('deals', dealId, 'contacts', contactId, typeId);
    }
    if (Object.keys(update.properties).length > 0) {
      await this.updateObject('deals', dealId, update.properties);
    }
  }

  async updateDealProperties(dealId: string, properties: Record<string, string>): Promise<void> {
    await this.updateObject('deals', dealId, properties);
  }

  async moveDealToStage(
    dealId: string,
    milestone: DealStageMilestone,
    contractLink?: string,
  ): Promise<string> {
    const deal = await this.getObject('deals', dealId, ['pipeline']);
    const properties: Record<string, string> = {
      dealstage: stageFor(this.config, deal.properties.pipeline, milestone),
    };
    if (contractLink) properties[this.config.CRM_CONTRACT_LINK_PROPERTY] = contractLink;
    await this.updateObject('deals', dealId, properties);
    return properties.dealstage;
  }

  async searchProjects(text: string): Promise<CrmProject[]> {
    const query = text.trim();
    if (!query) return [];
    const groups: SearchFilter[][] = [
      [{ propertyName: 'address', operator: 'CONTAINS_TOKEN', value: `*${query}*` }],
      [{ propertyName: 'property_address', operator: 'CONTAINS_TOKEN', value: `*${query}*` }],
    ];
    if (/^\d+$/.test(query))
      groups.push([{ propertyName: 'hs_object_id', operator: 'EQ', value: query }]);
    const { results } = await this.search(this.projectType, groups, [...PROJECT_PROPERTIES]);
    return results;
  }

  async getProject(projectId: string): Promise<ProjectDetails> {
    const project = await this.getObject(
      this.projectType,
      projectId,
      [...PROJECT_PROPERTIES],
      'Project',
    );
    const contactDetails = await this.associatedContacts(this.projectType, projectId);
    return { project, contactDetails };
  }

  async getProjectLabelInfo(projectId: string): Promise<ProjectLabelInfo> {
    const project = await this.getObject(
      this.projectType,
      projectId,
      ['main_contract_signed_date'],
      'Project',
    );
    const links = await this.associations(this.projectType, projectId, 'deals');
    const taken = links
      .flatMap((link) => labelsOf(link.associationTypes))
      .filter(isChangeOrderLabel);
    return {
      date: project.properties.main_contract_signed_date ?? null,
      notAvailableLabels: [...new Set(taken)].sort(),
    };
  }

  async linkDealToProject(
    dealId: string,
    projectId: string,
    label: ChangeOrderLabel,
  ): Promise<void> {
    const links = await this.associations(this.projectType, projectId, 'deals');
    const takenByOther = links.some(
      (link) => link.toObjectId !== dealId && labelsOf(link.associationTypes).includes(label),
    );
    if (takenByOther)
      throw new ConflictException(`${label} is already taken on project ${projectId}`);
    const typeId = await this.labelTypeId('deals', this.projectType, label);
    await this.replaceLabels('deals', dealId, this.projectType, projectId, typeId);
  }

  async duplicateDeal(dealId: string, overrides: Record<string, string>): Promise<string> {
    const deal = await this.getObject('deals', dealId, this.dealProperties());
    const contacts = await this.associations('deals', dealId, 'contacts');
    const projects = await this.associations('deals', dealId, this.projectType);
    const properties: Record<string, string> = {};
    for (const [name, value] of Object.entries(deal.properties)) {
      // HubSpot computes hs_* properties itself; the link belongs to the original's contract.
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
    const created = await this.call('Deal copy', () =>
      this.client.crm.objects.basicApi.create('deals', {
        properties,
        associations: [
          ...contacts.map((link) => ({
            to: { id: link.toObjectId },
            types: link.associationTypes.map(toSpec),
          })),
          // The copy joins the same project, without the original's change-order label.
          ...projects.map((link) => ({
            to: { id: link.toObjectId },
            types: link.associationTypes.filter((type) => !type.label).map(toSpec),
          })),
        ].filter((association) => association.types.length > 0),
      }),
    );
    return created.id;
  }

  async searchPartners(text: string): Promise<CrmRecord[]> {
    const { results } = await this.search(
      'contacts',
      [[{ propertyName: 'type', operator: 'EQ', value: PARTNER_CONTACT_TYPE }]],
      [...CONTACT_PROPERTIES],
      SEARCH_LIMIT,
      text.trim() || undefined,
    );
    return results;
  }

  async getPartner(partnerId: string): Promise<CrmRecord> {
    return this.getObject('contacts', partnerId, [...CONTACT_PROPERTIES], 'Partner');
  }

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
    const contactId = id ?? (await this.createObject('contacts', properties));
    if (id) await this.updateObject('contacts', id, properties);
    await this.call('Project partner association', () =>
      this.client.crm.associations.v4.basicApi.createDefault(
        this.projectType,
        projectId,
        'contacts',
        contactId,
      ),
    );
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

  /** `project(s)` in the API path means the configured custom object type. */
  private objectTypeFor(objectType: string): string {
    return ['project', 'projects'].includes(objectType) ? this.projectType : objectType;
  }

  private async getObject(
    objectType: string,
    id: string,
    properties: string[],
    noun = objectType === 'deals' ? 'Deal' : 'Contact',
  ): Promise<HubSpotObject> {
    const object = await this.call(`${noun} ${id}`, () =>
      this.client.crm.objects.basicApi.getById(objectType, id, properties),
    );
    return toRecord(object);
  }

  private async search(
    objectType: string,
    filterGroups: SearchFilter[][],
    properties: string[],
    limit = SEARCH_LIMIT,
    query?: string,
  ): Promise<{ results: HubSpotObject[]; total: number }> {
    const response = await this.call('Search', () =>
      this.client.crm.objects.searchApi.doSearch(objectType, {
        ...(query ? { query } : {}),
        filterGroups: filterGroups.map((filters) => ({ filters })) as never,
        properties,
        limit,
      }),
    );
    return { results: response.results.map(toRecord), total: response.total };
  }

  private async updateObject(
    objectType: string,
    id: string,
    properties: Record<string, string>,
  ): Promise<void> {
    await this.call(`${objectType === 'deals' ? 'Deal' : 'Contact'} ${id}`, () =>
      this.client.crm.objects.basicApi.update(objectType, id, { properties }),
    );
  }

  private async createObject(
    objectType: string,
    properties: Record<string, string>,
  ): Promise<string> {
    const created = await this.call('New record', () =>
      this.client.crm.objects.basicApi.create(objectType, { properties, associations: [] }),
    );
    return created.id;
  }

  private async findContactIdByEmail(email: string): Promise<string | null> {
    const { results } = await this.search(
      'contacts',
      [[{ propertyName: 'email', operator: 'EQ', value: email.trim() }]],
      ['email'],
      1,
    );
    return results[0]?.id ?? null;
  }

  private async associations(
    fromType: string,
    fromId: string,
    toType: string,
  ): Promise<Array<{ toObjectId: string; associationTypes: AssociationType[] }>> {
    const all: Array<{ toObjectId: string; associationTypes: AssociationType[] }> = [];
    let after: string | undefined;
    do {
      const page = await this.call(`Associations of ${fromId}`, () =>
        this.client.crm.associations.v4.basicApi.getPage(fromType, fromId, toType, after, 500),
      );
      all.push(
        ...page.results.map((result) => ({
          toObjectId: String(result.toObjectId),
          associationTypes: result.associationTypes as AssociationType[],
        })),
      );
      after = page.paging?.next?.after;
    } while (after);
    return all;
  }

  private async associatedContacts(fromType: string, fromId: string): Promise<CrmDealContact[]> {
    const links = await this.associations(fromType, fromId, 'contacts');
    if (links.length === 0) return [];
    const batch = await this.call('Contacts', () =>
      this.client.crm.objects.batchApi.read('contacts', {
        inputs: links.map((link) => ({ id: link.toObjectId })),
        properties: [...CONTACT_PROPERTIES],
        propertiesWithHistory: [],
      }),
    );
    return batch.results.map((contact) => ({
      ...toRecord(contact),
      roles: labelsOf(links.find((link) => link.toObjectId === contact.id)?.associationTypes ?? []),
    }));
  }

  private async dealProject(dealId: string): Promise<DealProjectLink | null> {
    const [link] = await this.associations('deals', dealId, this.projectType);
    if (!link) return null;
    const project = await this.getObject(
      this.projectType,
      link.toObjectId,
      [...PROJECT_PROPERTIES],
      'Project',
    );
    return { project, label: labelsOf(link.associationTypes).find(isChangeOrderLabel) ?? null };
  }

  /** The association type id of a label between two object types, e.g. deals→contacts "Client Signatory". */
  private async labelTypeId(fromType: string, toType: string, label: string): Promise<number> {
    const key = `${fromType}->${toType}`;
    let definitions = this.labelIds.get(key);
    if (!definitions) {
      definitions = this.call('Association labels', () =>
        this.client.crm.associations.v4.schema.definitionsApi.getAll(fromType, toType),
      ).then(
        (response) =>
          new Map(
            response.results
              .filter((definition) => definition.label)
              .map((definition) => [definition.label as string, definition.typeId]),
          ),
      );
      this.labelIds.set(key, definitions);
      // A failed look-up is not cached.
      definitions.catch(() => this.labelIds.delete(key));
    }
    const typeId = (await definitions).get(label);
    if (typeId === undefined) {
      throw new BadRequestException(
        `HubSpot has no association label "${label}" from ${fromType} to ${toType}`,
      );
    }
    return typeId;
  }

  /** Makes `typeId` the only label of the pair (the unlabeled default association stays). */
  private async replaceLabels(
    fromType: string,
    fromId: string,
    toType: string,
    toId: string,
    typeId: number,
  ): Promise<void> {
    const current = (await this.associations(fromType, fromId, toType)).find(
      (link) => link.toObjectId === toId,
    );
    const stale = (current?.associationTypes ?? []).filter(
      (type) => type.label && type.typeId !== typeId,
    );
    if (stale.length > 0) {
      await this.call('Association labels', () =>
        this.client.crm.associations.v4.batchApi.archiveLabels(fromType, toType, {
          inputs: [{ _from: { id: fromId }, to: { id: toId }, types: stale.map(toSpec) }],
        }),
      );
    }
    await this.call('Association', () =>
      this.client.crm.associations.v4.basicApi.create(fromType, fromId, toType, toId, [
        { associationCategory: USER_DEFINED as never, associationTypeId: typeId },
      ]),
    );
  }

  /** Runs a HubSpot call and turns its failures into clear HTTP errors. */
  private async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toHttpError(what, error);
    }
  }
}

function toRecord(object: {
  id: string;
  properties: Record<string, string | null>;
}): HubSpotObject {
  return { id: object.id, properties: { ...object.properties } };
}

function toOwner(owner: {
  id: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}): CrmOwner {
  return {
    id: owner.id,
    email: owner.email ?? '',
    firstName: owner.firstName ?? null,
    lastName: owner.lastName ?? null,
  };
}

function labelsOf(types: AssociationType[]): string[] {
  return types.map((type) => type.label).filter((label): label is string => Boolean(label));
}

function toSpec(type: AssociationType) {
  return { associationCategory: type.category as never, associationTypeId: type.typeId };
}

/** HubSpot's failure → the error the API answers with; the CRM's message is kept where it helps. */
export function toHttpError(what: string, error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  const code = (error as { code?: unknown }).code;
  const body = (error as { body?: unknown }).body;
  const detail =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined;
  if (code === 404) return new NotFoundException(`${what} not found in HubSpot`);
  if (code === 400)
    return new BadRequestException(
      `HubSpot refused the request for ${what}${detail ? `: ${detail}` : ''}`,
    );
  if (code === 409)
    return new ConflictException(
      `HubSpot reported a conflict for ${what}${detail ? `: ${detail}` : ''}`,
    );
  if (code === 401 || code === 403) {
    return new BadGatewayException(
      'HubSpot refused the access token (check HUBSPOT_ACCESS_TOKEN and its scopes)',
    );
  }
  if (code === 429)
    return new ServiceUnavailableException(
      'HubSpot rate limit reached; try again in a few seconds',
    );
  if (typeof code === 'number') {
    return new BadGatewayException(
      `HubSpot failed on ${what} (HTTP ${code})${detail ? `: ${detail}` : ''}`,
    );
  }
  return new BadGatewayException(`HubSpot could not be reached for ${what}`);
}
