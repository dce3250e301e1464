import { BadRequestException, ConflictException } from '@nestjs/common';
import { Client } from '@hubspot/api-client';
import type { AppConfig } from '../../platform/config/app-config';
import { CRM_ACTIVITY_SHOWN_BY_VENDOR } from './crm.port';
import { toHttpError } from './hubspot-errors';
import { toFilter, toOwner, toRecord, toSpec } from './hubspot-records';
import { HubSpotFiles } from './hubspot-files';
import { HubSpotNotes } from './hubspot-notes';
import type {
  CrmAssociation,
  CrmNewAssociation,
  CrmFile,
  CrmFileContent,
  CrmFileUpload,
  CrmNote,
  CrmObjectType,
  CrmOwner,
  CrmPipeline,
  CrmTimelineNote,
  CrmPair,
  CrmPort,
  CrmRecord,
  CrmRecordActivity,
  CrmSearch,
  CrmSearchResult,
  PropertyOption,
} from './crm.port';

const USER_DEFINED = 'USER_DEFINED';
const NOUN: Record<CrmObjectType, string> = {
  deals: 'Deal',
  contacts: 'Contact',
  projects: 'Project',
};

interface AssociationType {
  category: string;
  typeId: number;
  label?: string | null;
}

/**
 * The CRM port on HubSpot through `@hubspot/api-client` (private-app token).
 * Only HubSpot's primitives: the flows on them are modules/crm's `CrmFlows`.
 * The project object type comes from AppConfig. Contact roles and change-order
 * labels are HubSpot association labels; their type ids are looked up by label
 * name (and cached) on first use.
 */
export class HubSpotCrmAdapter implements CrmPort {
  readonly adapter = 'hubspot' as const;
  readonly searchLagMs: number;
  private readonly client: Client;
  private readonly projectType: string;
  private readonly labelIds = new Map<string, Promise<Map<string, number>>>();
  private readonly notes: HubSpotNotes;
  private readonly files: HubSpotFiles;

  /**
   * @param limiter HubSpot's request limit shared by every replica (Redis); every call waits
   *   its turn. Absent (adapter tests), calls go at once.
   */
  constructor(
    config: AppConfig,
    private readonly limiter?: { acquire(): Promise<unknown> },
  ) {
    if (!config.HUBSPOT_ACCESS_TOKEN || !config.HUBSPOT_PROJECT_OBJECT_TYPE) {
      throw new Error(
        'The HubSpot adapter needs HUBSPOT_ACCESS_TOKEN and HUBSPOT_PROJECT_OBJECT_TYPE',
      );
    }
    this.projectType = config.HUBSPOT_PROJECT_OBJECT_TYPE;
    this.searchLagMs = config.HUBSPOT_SEARCH_LAG_MS;
    this.files = new HubSpotFiles(
      { base: config.HUBSPOT_BASE_URL.replace(/\/+$/, ''), token: config.HUBSPOT_ACCESS_TOKEN },
      limiter,
    );
    this.client = new Client({
      accessToken: config.HUBSPOT_ACCESS_TOKEN,
      basePath: config.HUBSPOT_BASE_URL.replace(/\/+$/, ''),
      // Requests are user-facing or queued jobs with their own retries: fail fast here.
      numberOfApiCallRetries: 0,
    });
    this.notes = new HubSpotNotes(this.client, this.projectType, (what, request) =>
      this.call(what, request),
    );
  }

  async readRecord(
    type: CrmObjectType,
    id: string,
    properties: readonly string[],
    noun = NOUN[type],
  ): Promise<CrmRecord> {
    const object = await this.call(`${noun} ${id}`, () =>
      this.client.crm.objects.basicApi.getById(this.objectType(type), id, [...properties]),
    );
    return toRecord(object);
  }

  async readRecords(
    type: CrmObjectType,
    ids: string[],
    properties: readonly string[],
  ): Promise<CrmRecord[]> {
    if (ids.length === 0) return [];
    const batch = await this.call(`${NOUN[type]}s`, () =>
      this.client.crm.objects.batchApi.read(this.objectType(type), {
        inputs: ids.map((id) => ({ id })),
        properties: [...properties],
        propertiesWithHistory: [],
      }),
    );
    return batch.results.map(toRecord);
  }

  async readAssociations(
    fromType: CrmObjectType,
    fromId: string,
    toType: CrmObjectType,
  ): Promise<CrmAssociation[]> {
    const all: CrmAssociation[] = [];
    let after: string | undefined;
    do {
      const page = await this.call(`Associations of ${fromId}`, () =>
        this.client.crm.associations.v4.basicApi.getPage(
          this.objectType(fromType),
          fromId,
          this.objectType(toType),
          after,
          500,
        ),
      );
      all.push(
        ...page.results.map((result) => ({
          toId: String(result.toObjectId),
          kinds: (result.associationTypes as AssociationType[]).map(
            ({ category, typeId, label }) => ({ label: label ?? null, typeId, category }),
          ),
        })),
      );
      after = page.paging?.next?.after;
    } while (after);
    return all;
  }

  async search(type: CrmObjectType, search: CrmSearch): Promise<CrmSearchResult> {
    const response = await this.call('Search', () =>
      this.client.crm.objects.searchApi.doSearch(this.objectType(type), {
        ...(search.text ? { query: search.text } : {}),
        filterGroups: search.anyOf.map((conditions) => ({
          filters: conditions.map(toFilter),
        })) as never,
        properties: [...search.properties],
        limit: search.limit,
      }),
    );
    return { records: response.results.map(toRecord), total: response.total };
  }

  async createRecord(
    type: CrmObjectType,
    properties: Record<string, string>,
    associations: CrmNewAssociation[] = [],
  ): Promise<string> {
    const created = await this.call('New record', () =>
      this.client.crm.objects.basicApi.create(this.objectType(type), {
        properties,
        associations: associations
          .map((association) => ({
            to: { id: association.toId },
            types: association.kinds.map(toSpec),
          }))
          .filter((association) => association.types.length > 0),
      }),
    );
    return created.id;
  }

  async updateRecord(
    type: CrmObjectType,
    id: string,
    properties: Record<string, string>,
  ): Promise<void> {
    await this.call(`${type === 'deals' ? 'Deal' : 'Contact'} ${id}`, () =>
      this.client.crm.objects.basicApi.update(this.objectType(type), id, { properties }),
    );
  }

  async setAssociationLabel(pair: CrmPair, label: string): Promise<void> {
    const typeId = await this.labelTypeId(
      this.objectType(pair.fromType),
      this.objectType(pair.toType),
      label,
    );
    await this.replaceLabels(pair, typeId);
  }

  async associate({ fromType, fromId, toType, toId }: CrmPair): Promise<void> {
    await this.call('Association', () =>
      this.client.crm.associations.v4.basicApi.createDefault(
        this.objectType(fromType),
        fromId,
        this.objectType(toType),
        toId,
      ),
    );
  }

  addDealNote(dealId: string, note: CrmNote): Promise<string> {
    return this.notes.addDealNote(dealId, note);
  }

  addNote(note: CrmTimelineNote): Promise<string> {
    return this.notes.addNote(note);
  }

  findNote(marker: string): Promise<string | null> {
    return this.notes.findNote(marker);
  }

  uploadFile(file: CrmFileUpload): Promise<CrmFile> {
    return this.files.uploadFile(file);
  }

  findFile(folder: string, name: string): Promise<CrmFile | null> {
    return this.files.findFile(folder, name);
  }

  async listPipelines(): Promise<CrmPipeline[]> {
    const pipelines = await this.call('Pipelines', () =>
      this.client.crm.pipelines.pipelinesApi.getAll('deals'),
    );
    return pipelines.results
      .map((pipeline) => ({
        id: pipeline.id,
        label: pipeline.label,
        displayOrder: pipeline.displayOrder,
        stages: pipeline.stages
          .filter((stage) => !stage.archived)
          .map((stage) => ({ id: stage.id, label: stage.label, displayOrder: stage.displayOrder }))
          .sort((a, b) => a.displayOrder - b.displayOrder),
      }))
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map(({ displayOrder: _order, ...pipeline }) => pipeline);
  }

  /** HubSpot's record pages show the notes, files and stage history: ProSign does not copy them. */
  readRecordActivity(): Promise<CrmRecordActivity | null> {
    return Promise.reject(new ConflictException(CRM_ACTIVITY_SHOWN_BY_VENDOR));
  }

  readFile(): Promise<CrmFileContent | null> {
    return Promise.reject(new ConflictException(CRM_ACTIVITY_SHOWN_BY_VENDOR));
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

  // --- helpers -------------------------------------------------------------

  /** HubSpot's name of a record type: `projects` is the configured custom object type. */
  private objectType(type: CrmObjectType): string {
    return type === 'projects' ? this.projectType : type;
  }

  /** `project(s)` in the API path means the configured custom object type. */
  private objectTypeFor(objectType: string): string {
    return ['project', 'projects'].includes(objectType) ? this.projectType : objectType;
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
    { fromType, fromId, toType, toId }: CrmPair,
    typeId: number,
  ): Promise<void> {
    const current = (await this.readAssociations(fromType, fromId, toType)).find(
      (link) => link.toId === toId,
    );
    const stale = (current?.kinds ?? []).filter((kind) => kind.label && kind.typeId !== typeId);
    const [from, to] = [this.objectType(fromType), this.objectType(toType)];
    if (stale.length > 0) {
      await this.call('Association labels', () =>
        this.client.crm.associations.v4.batchApi.archiveLabels(from, to, {
          inputs: [{ _from: { id: fromId }, to: { id: toId }, types: stale.map(toSpec) }],
        }),
      );
    }
    await this.call('Association', () =>
      this.client.crm.associations.v4.basicApi.create(from, fromId, to, toId, [
        { associationCategory: USER_DEFINED as never, associationTypeId: typeId },
      ]),
    );
  }

  /** Runs a HubSpot call and turns its failures into clear HTTP errors. */
  private async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    await this.limiter?.acquire();
    try {
      return await request();
    } catch (error) {
      throw toHttpError(what, error);
    }
  }
}
