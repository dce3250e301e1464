import { ConflictException, NotFoundException } from '@nestjs/common';
import {
  checkDealProperties,
  isChangeOrderLabel,
  joinMultiValue,
  type ChangeOrderLabel,
  type DealPropertiesCheck,
} from '@prosign/domain';
import type { Connection } from 'mongoose';
import type { AppConfig } from '../../platform/config/app-config';
import {
  PARTNER_CONTACT_TYPE,
  clientSignatoriesOf,
  type ContactSearchResult,
  type CrmDeal,
  type CrmDealContact,
  type CrmOwner,
  type CrmPort,
  type CrmProject,
  type CrmProperties,
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
import {
  associationId,
  containsPattern,
  localCrmCollections,
  type CrmObjectType,
  type LocalCrmCollections,
  type RecordDoc,
} from './local-crm.collections';

const SEARCH_LIMIT = 20;
const NOUN: Record<CrmObjectType, string> = {
  deals: 'Deal',
  contacts: 'Contact',
  projects: 'Project',
};

/**
 * The embedded CRM: deals, contacts, owners, projects, associations and
 * pipelines in MongoDB (seeded with demo data by LocalCrmSeeder). Changes made
 * through it — a stage move, a property update — are visible on the next read.
 */
export class LocalCrmAdapter implements CrmPort {
  readonly adapter = 'local' as const;
  private readonly db: LocalCrmCollections;

  constructor(
    connection: Connection,
    private readonly config: AppConfig,
  ) {
    this.db = localCrmCollections(connection);
  }

  async getDeal(dealId: string): Promise<DealLookup> {
    const deal = await this.record('deals', dealId);
    const contacts = await this.dealContacts(dealId);
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
    const docs = await this.db.deals
      .find({
        $or: [
          { _id: text },
          { [`properties.${this.config.CRM_DEAL_ADDRESS_PROPERTY}`]: containsPattern(text) },
        ],
      })
      .sort({ _id: 1 })
      .limit(SEARCH_LIMIT)
      .toArray();
    return docs.map(toRecord);
  }

  async getOwner(ownerId: string): Promise<CrmOwner> {
    const owner = await this.db.owners.findOne({ _id: ownerId });
    if (!owner) throw new NotFoundException(`Owner ${ownerId} not found in the CRM`);
    return toOwner(owner);
  }

  async listOwners(): Promise<CrmOwner[]> {
    const owners = await this.db.owners.find({}).sort({ email: 1 }).toArray();
    return owners.map(toOwner);
  }

  async getPropertyOptions(objectType: string, propertyName: string): Promise<PropertyOption[]> {
    const definition = await this.db.properties.findOne({ _id: `${objectType}.${propertyName}` });
    if (!definition) {
      throw new NotFoundException(`Property ${propertyName} of ${objectType} not found in the CRM`);
    }
    return definition.options.map(({ label, value }) => ({ label, value }));
  }

  async countContactsByEmail(email: string): Promise<number> {
    return this.db.contacts.countDocuments({ 'properties.email': exactInsensitive(email) });
  }

  async searchContacts(text: string): Promise<ContactSearchResult> {
    const filter = contactTextFilter(text);
    const [docs, count] = await Promise.all([
      this.db.contacts.find(filter).sort({ _id: 1 }).limit(SEARCH_LIMIT).toArray(),
      this.db.contacts.countDocuments(filter),
    ]);
    return { contacts: docs.map(toRecord), count };
  }

  async checkDealProperties(dealId: string): Promise<DealPropertiesCheck> {
    const deal = await this.record('deals', dealId);
    const contacts = await this.dealContacts(dealId);
    return checkDealProperties(deal.properties, contacts.map(dealContactRoles));
  }

  async updateMissingDealProperties(
    dealId: string,
    update: MissingPropertiesUpdate,
  ): Promise<void> {
    await this.record('deals', dealId);
    for (const change of update.contactRoles) {
      const contactId =
        change.contactId ??
        (await this.findContactIdByEmail(change.email)) ??
        (await this.createRecord('contacts', {
          email: change.email,
          firstname: change.firstname ?? null,
          lastname: change.lastname ?? null,
          phone: change.phone ?? null,
        }));
      await this.record('contacts', contactId);
      await this.setLabels('deals', dealId, 'contacts', contactId, [change.role]);
    }
    await this.setProperties('deals', dealId, update.properties);
  }

  async updateDealProperties(dealId: string, properties: Record<string, string>): Promise<void> {
    await this.setProperties('deals', dealId, properties);
  }

  async moveDealToStage(
    dealId: string,
    milestone: DealStageMilestone,
    contractLink?: string,
  ): Promise<string> {
    const deal = await this.record('deals', dealId);
    const properties: Record<string, string> = {
      dealstage: stageFor(this.config, deal.properties.pipeline, milestone),
    };
    if (contractLink) properties[this.config.CRM_CONTRACT_LINK_PROPERTY] = contractLink;
    await this.setProperties('deals', dealId, properties);
    return properties.dealstage;
  }

  async searchProjects(text: string): Promise<CrmProject[]> {
    const query = text.trim();
    if (!query) return [];
    const pattern = containsPattern(query);
    const docs = await this.db.projects
      .find({
        $or: [
          { _id: query },
          { 'properties.address': pattern },
          { 'properties.property_address': pattern },
          { 'properties.project_name': pattern },
        ],
      })
      .sort({ _id: 1 })
      .limit(SEARCH_LIMIT)
      .toArray();
    return docs.map(toRecord);
  }

  async getProject(projectId: string): Promise<ProjectDetails> {
    const project = await this.record('projects', projectId);
    const links = await this.db.associations
      .find({ fromType: 'projects', fromId: projectId, toType: 'contacts' })
      .toArray();
    const contacts = await this.records(
      'contacts',
      links.map((link) => link.toId),
    );
    return {
      project,
      contactDetails: contacts.map((contact) => ({
        ...contact,
        roles: links.find((link) => link.toId === contact.id)?.labels ?? [],
      })),
    };
  }

  async getProjectLabelInfo(projectId: string): Promise<ProjectLabelInfo> {
    const project = await this.record('projects', projectId);
    const links = await this.db.associations
      .find({ fromType: 'deals', toType: 'projects', toId: projectId })
      .toArray();
    const taken = links.flatMap((link) => link.labels).filter(isChangeOrderLabel);
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
    await this.record('deals', dealId);
    const { notAvailableLabels } = await this.getProjectLabelInfo(projectId);
    const own = await this.db.associations.findOne({
      _id: associationId('deals', dealId, 'projects', projectId),
    });
    if (notAvailableLabels.includes(label) && !own?.labels.includes(label)) {
      throw new ConflictException(`${label} is already taken on project ${projectId}`);
    }
    await this.setLabels('deals', dealId, 'projects', projectId, [label]);
  }

  async duplicateDeal(dealId: string, overrides: Record<string, string>): Promise<string> {
    const deal = await this.record('deals', dealId);
    const copyId = await this.createRecord('deals', {
      ...deal.properties,
      dealname: `${deal.properties.dealname ?? `Deal ${dealId}`} (copy)`,
      contract_link: null,
      ...overrides,
    });
    const links = await this.db.associations.find({ fromType: 'deals', fromId: dealId }).toArray();
    for (const link of links) {
      // The copy belongs to the same project, but a change-order label stays with the original.
      const labels = link.toType === 'projects' ? [] : link.labels;
      await this.setLabels('deals', copyId, link.toType, link.toId, labels);
    }
    return copyId;
  }

  async searchPartners(text: string): Promise<CrmRecord[]> {
    const docs = await this.db.contacts
      .find({ ...contactTextFilter(text), 'properties.type': PARTNER_CONTACT_TYPE })
      .sort({ _id: 1 })
      .limit(SEARCH_LIMIT)
      .toArray();
    return docs.map(toRecord);
  }

  async getPartner(partnerId: string): Promise<CrmRecord> {
    return this.record('contacts', partnerId);
  }

  async upsertProjectPartner(
    projectId: string,
    partner: PartnerInput,
    partnerId?: string,
  ): Promise<string> {
    await this.record('projects', projectId);
    const properties: Record<string, string> = { email: partner.email, type: PARTNER_CONTACT_TYPE };
    if (partner.firstname !== undefined) properties.firstname = partner.firstname;
    if (partner.lastname !== undefined) properties.lastname = partner.lastname;
    if (partner.phone !== undefined) properties.phone = partner.phone;
    if (partner.roles) properties.project_role__sales_rep = joinMultiValue(partner.roles);

    const id = partnerId ?? (await this.findContactIdByEmail(partner.email));
    let contactId: string;
    if (id) {
      await this.setProperties('contacts', id, properties);
      contactId = id;
    } else {
      contactId = await this.createRecord('contacts', properties);
    }
    // Partner roles live on the contact (project_role__sales_rep), as in HubSpot; the association is unlabeled.
    await this.setLabels('projects', projectId, 'contacts', contactId, []);
    return contactId;
  }

  // --- helpers -------------------------------------------------------------

  private collection(type: CrmObjectType) {
    return this.db[type];
  }

  private async record(type: CrmObjectType, id: string): Promise<CrmRecord> {
    const doc = await this.collection(type).findOne({ _id: id });
    if (!doc) throw new NotFoundException(`${NOUN[type]} ${id} not found in the CRM`);
    return toRecord(doc);
  }

  private async records(type: CrmObjectType, ids: string[]): Promise<CrmRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.collection(type)
      .find({ _id: { $in: ids } })
      .sort({ _id: 1 })
      .toArray();
    return docs.map(toRecord);
  }

  private async dealContacts(dealId: string): Promise<CrmDealContact[]> {
    const links = await this.db.associations
      .find({ fromType: 'deals', fromId: dealId, toType: 'contacts' })
      .toArray();
    const contacts = await this.records(
      'contacts',
      links.map((link) => link.toId),
    );
    return contacts.map((contact) => ({
      ...contact,
      roles: links.find((link) => link.toId === contact.id)?.labels ?? [],
    }));
  }

  private async dealProject(dealId: string): Promise<DealProjectLink | null> {
    const link = await this.db.associations.findOne({
      fromType: 'deals',
      fromId: dealId,
      toType: 'projects',
    });
    if (!link) return null;
    const project = await this.record('projects', link.toId);
    return { project, label: link.labels.find(isChangeOrderLabel) ?? null };
  }

  private async findContactIdByEmail(email: string): Promise<string | null> {
    const doc = await this.db.contacts.findOne({ 'properties.email': exactInsensitive(email) });
    return doc?._id ?? null;
  }

  private async setProperties(
    type: CrmObjectType,
    id: string,
    properties: Record<string, string | null>,
  ): Promise<void> {
    const set: Record<string, unknown> = { updatedAt: new Date() };
    for (const [name, value] of Object.entries(properties)) set[`properties.${name}`] = value;
    const result = await this.collection(type).updateOne({ _id: id }, { $set: set });
    if (result.matchedCount === 0)
      throw new NotFoundException(`${NOUN[type]} ${id} not found in the CRM`);
  }

  private async setLabels(
    fromType: CrmObjectType,
    fromId: string,
    toType: CrmObjectType,
    toId: string,
    labels: string[],
  ): Promise<void> {
    await this.db.associations.updateOne(
      { _id: associationId(fromType, fromId, toType, toId) },
      { $set: { fromType, fromId, toType, toId, labels } },
      { upsert: true },
    );
  }

  private async createRecord(type: CrmObjectType, properties: CrmProperties): Promise<string> {
    const id = await nextRecordId(this.db);
    const now = new Date();
    await this.collection(type).insertOne({
      _id: id,
      properties: { ...properties, hs_object_id: id },
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }
}

/** Numeric ids like HubSpot's, from one counter document (atomic $inc). */
export async function nextRecordId(db: LocalCrmCollections): Promise<string> {
  const counter = await db.counters.findOneAndUpdate(
    { _id: 'records' },
    { $inc: { seq: 1 } },
    { upsert: true, returnDocument: 'after' },
  );
  // Created records start well above the seeded ids (which are below 90 000 000).
  return String(90_000_000 + (counter?.seq ?? 1));
}

function toRecord(doc: RecordDoc): CrmRecord {
  return { id: doc._id, properties: { ...doc.properties } };
}

function toOwner(doc: {
  _id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}): CrmOwner {
  return { id: doc._id, email: doc.email, firstName: doc.firstName, lastName: doc.lastName };
}

function exactInsensitive(text: string): RegExp {
  return new RegExp(`^${text.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');
}

/** Every word of the text must appear in the first name, last name, e-mail or phone. */
function contactTextFilter(text: string): Record<string, unknown> {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  return {
    $and: words.map((word) => {
      const pattern = containsPattern(word);
      return {
        $or: [
          { 'properties.firstname': pattern },
          { 'properties.lastname': pattern },
          { 'properties.email': pattern },
          { 'properties.phone': pattern },
        ],
      };
    }),
  };
}
