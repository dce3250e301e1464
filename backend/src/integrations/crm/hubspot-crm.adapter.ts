import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { Client } from '@hubspot/api-client';
import type { AppConfig } from '../../platform/config/app-config';
import type {
  CrmAssociation,
  CrmAssociationKind,
  CrmCondition,
  CrmNewAssociation,
  CrmNote,
  CrmObjectType,
  CrmOwner,
  CrmPair,
  CrmPort,
  CrmRecord,
  CrmSearch,
  CrmSearchResult,
  PropertyOption,
} from './crm.port';

const USER_DEFINED = 'USER_DEFINED';
const HUBSPOT_DEFINED = 'HUBSPOT_DEFINED';
/** HubSpot's own association type of a note to a deal. */
const NOTE_TO_DEAL_ASSOCIATION_TYPE_ID = 214;
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

interface SearchFilter {
  propertyName: string;
  operator: string;
  value?: string;
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
  private readonly client: Client;
  private readonly projectType: string;
  private readonly labelIds = new Map<string, Promise<Map<string, number>>>();

  constructor(config: AppConfig) {
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

  /**
   * A note engagement on the deal's timeline (`POST /crm/v3/objects/notes`): `hs_note_body`,
   * `hs_timestamp`, associated with the deal under HubSpot's note-to-deal type.
   */
  async addDealNote(dealId: string, note: CrmNote): Promise<string> {
    const created = await this.call(`Deal ${dealId}`, () =>
      this.client.crm.objects.notes.basicApi.create({
        // HubSpot shows a note's body as HTML: the plain text (a signer's own words) escaped.
        properties: { hs_note_body: noteHtml(note.body), hs_timestamp: note.at.toISOString() },
        associations: [
          {
            to: { id: dealId },
            types: [
              {
                associationCategory: HUBSPOT_DEFINED as never,
                associationTypeId: NOTE_TO_DEAL_ASSOCIATION_TYPE_ID,
              },
            ],
          },
        ],
      }),
    );
    return created.id;
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
    try {
      return await request();
    } catch (error) {
      throw toHttpError(what, error);
    }
  }
}

function toRecord(object: { id: string; properties: Record<string, string | null> }): CrmRecord {
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

/** Plain text as a note body (HubSpot renders HTML): markup escaped, line breaks kept. */
function noteHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r?\n/g, '<br>');
}

function toSpec(kind: CrmAssociationKind) {
  return { associationCategory: kind.category as never, associationTypeId: kind.typeId as number };
}

function toFilter(condition: CrmCondition): SearchFilter {
  if ('id' in condition)
    return { propertyName: 'hs_object_id', operator: 'EQ', value: condition.id };
  if ('equals' in condition)
    return { propertyName: condition.property, operator: 'EQ', value: condition.equals };
  return {
    propertyName: condition.property,
    operator: 'CONTAINS_TOKEN',
    value: `*${condition.contains}*`,
  };
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
