import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  NotFoundException,
} from '@nestjs/common';
import { Client } from '@hubspot/api-client';
import type { AppConfig } from '../../platform/config/app-config';
import { CRM_ACTIVITY_SHOWN_BY_VENDOR, CrmRateLimitedError } from './crm.port';
import type {
  CrmAssociation,
  CrmAssociationKind,
  CrmCondition,
  CrmNewAssociation,
  CrmFile,
  CrmFileContent,
  CrmFileUpload,
  CrmNote,
  CrmNoteTarget,
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
const HUBSPOT_DEFINED = 'HUBSPOT_DEFINED';
/** HubSpot's own association type of a note to a deal. */
const NOTE_TO_DEAL_ASSOCIATION_TYPE_ID = 214;
/** HubSpot's own association type of a note to a contact. */
const NOTE_TO_CONTACT_ASSOCIATION_TYPE_ID = 202;
/** What precedes a write's marker on the last line of its note. */
const NOTE_REFERENCE = 'ProSign ref: ';
/** Notes whose body carries a marker, read to find ours among them (a forged one is not). */
const NOTE_SEARCH_LIMIT = 10;
/** Files ProSign keeps in HubSpot: private (only signed-in users, or by a signed URL), never replaced. */
const FILE_OPTIONS = JSON.stringify({
  access: 'PRIVATE',
  overwrite: false,
  duplicateValidationStrategy: 'NONE',
  duplicateValidationScope: 'EXACT_FOLDER',
});
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
  readonly searchLagMs: number;
  private readonly client: Client;
  private readonly projectType: string;
  private readonly labelIds = new Map<string, Promise<Map<string, number>>>();
  private noteProjectType?: Promise<{ category: string; typeId: number }>;
  /** For the Files API, called over fetch (multipart): the generated client's upload takes a file path. */
  private readonly files: { base: string; token: string };

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
    this.files = {
      base: config.HUBSPOT_BASE_URL.replace(/\/+$/, ''),
      token: config.HUBSPOT_ACCESS_TOKEN,
    };
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

  /**
   * One request creates the note with every association (`POST /crm/v3/objects/notes`), so a
   * note found again by its marker after a crash is never missing one: deals and contacts by
   * HubSpot's own note association types, a project (the custom object) by the pair's default
   * type, which differs per account and is read once from the v4 association schema.
   */
  async addNote(note: CrmTimelineNote): Promise<string> {
    const projectType = note.on.some((target) => target.type === 'projects')
      ? await this.noteToProjectType()
      : null;
    const created = await this.call('Note', () =>
      this.client.crm.objects.notes.basicApi.create({
        properties: {
          // The reference line last: what `findNote` recognises a note of ours by.
          hs_note_body: `${noteHtml(note.body)}<br><br>${NOTE_REFERENCE}${note.marker}`,
          hs_timestamp: note.at.toISOString(),
          ...(note.attachmentIds?.length
            ? { hs_attachment_ids: note.attachmentIds.join(';') }
            : {}),
        },
        associations: note.on.map((target) => ({
          to: { id: target.id },
          types: [
            target.type === 'projects' && projectType
              ? {
                  associationCategory: projectType.category as never,
                  associationTypeId: projectType.typeId,
                }
              : {
                  associationCategory: HUBSPOT_DEFINED as never,
                  associationTypeId: noteAssociationTypeId(target),
                },
          ],
        })),
      }),
    );
    return created.id;
  }

  /** The unlabelled association type from notes to the project object, looked up once. */
  private noteToProjectType(): Promise<{ category: string; typeId: number }> {
    this.noteProjectType ??= this.call('Association types of notes', () =>
      this.client.crm.associations.v4.schema.definitionsApi.getAll('notes', this.projectType),
    ).then((response) => {
      const unlabelled = response.results.find((definition) => !definition.label);
      if (!unlabelled) {
        throw new BadGatewayException(
          `HubSpot has no association from notes to the project object ${this.projectType}: allow notes to be associated with it in the object's settings`,
        );
      }
      return { category: unlabelled.category, typeId: unlabelled.typeId };
    });
    // A failed look-up is not kept: the next note asks again.
    this.noteProjectType.catch(() => (this.noteProjectType = undefined));
    return this.noteProjectType;
  }

  /**
   * The note a write created whose answer was lost. HubSpot's search reads the
   * body, where a signer's own words are too (a decline's reason, a hand-over's note): a body
   * that merely contains the marker could be theirs. A note is ours only when its text ends with
   * our reference line (`ProSign ref: <marker>`, written last by `addNote`): their words are
   * escaped (no markup of theirs) and always followed by our own lines, so they never end a note.
   */
  async findNote(marker: string): Promise<string | null> {
    const found = await this.call('Notes', () =>
      this.client.crm.objects.notes.searchApi.doSearch({
        filterGroups: [
          {
            filters: [
              { propertyName: 'hs_note_body', operator: 'CONTAINS_TOKEN' as never, value: marker },
            ],
          },
        ],
        properties: ['hs_note_body'],
        limit: NOTE_SEARCH_LIMIT,
        after: undefined as never,
        sorts: [],
      }),
    );
    const ours = found.results.find((note) =>
      endsWithReference(note.properties.hs_note_body ?? '', marker),
    );
    return ours?.id ?? null;
  }

  async uploadFile(file: CrmFileUpload): Promise<CrmFile> {
    const form = new FormData();
    form.append('file', new Blob([file.bytes], { type: file.contentType }), file.name);
    form.append('fileName', file.name);
    form.append('folderPath', file.folder);
    form.append('options', FILE_OPTIONS);
    const uploaded = await this.filesCall<{ id: string; name: string; size?: number }>(
      `File ${file.name}`,
      '/files/v3/files',
      { method: 'POST', body: form },
    );
    return { id: uploaded.id, folder: file.folder, name: file.name, size: file.bytes.length };
  }

  async findFile(folder: string, name: string): Promise<CrmFile | null> {
    // HubSpot's file `name` has no extension; its `path` is the folder, the name and the extension.
    const base = name.replace(/\.[A-Za-z0-9]+$/, '');
    const query = new URLSearchParams({ name: base, limit: '10' });
    const found = await this.filesCall<{
      results: Array<{ id: string; name: string; path?: string; size?: number }>;
    }>(`File ${name}`, `/files/v3/files/search?${query.toString()}`, { method: 'GET' });
    const path = `${folder.replace(/\/+$/, '')}/${name}`;
    const match = found.results.find((candidate) => candidate.path === path);
    return match ? { id: match.id, folder, name, size: match.size ?? 0 } : null;
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

  /** A Files API call over fetch, with the token; failures as `call`'s. */
  private async filesCall<T>(what: string, path: string, init: RequestInit): Promise<T> {
    await this.limiter?.acquire();
    let response: Response;
    try {
      response = await fetch(`${this.files.base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${this.files.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw toHttpError(what, error);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON: kept as text for the error.
    }
    if (!response.ok) {
      throw toHttpError(what, {
        code: response.status,
        body,
        headers: Object.fromEntries(response.headers),
      });
    }
    return body as T;
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

function noteAssociationTypeId(target: CrmNoteTarget): number {
  return target.type === 'contacts'
    ? NOTE_TO_CONTACT_ASSOCIATION_TYPE_ID
    : NOTE_TO_DEAL_ASSOCIATION_TYPE_ID;
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

/**
 * Whether a note's body ends with the reference line of `marker`, read as its text (HubSpot may
 * wrap the body it keeps in markup of its own).
 */
function endsWithReference(body: string, marker: string): boolean {
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.endsWith(`${NOTE_REFERENCE}${marker}`);
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

/** A 429's `Retry-After` (seconds; HubSpot's limits are per 10 s), else 10 s. */
function retryAfterMsOf(error: unknown): number {
  const headers = (error as { headers?: Record<string, string | string[] | undefined> }).headers;
  const value = headers?.['retry-after'] ?? headers?.['Retry-After'];
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 600) * 1000 : 10_000;
}

/** HubSpot's failure → the error the API answers with; the CRM's message is kept where it helps. */
function toHttpError(what: string, error: unknown): HttpException {
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
  if (code === 429) return new CrmRateLimitedError(retryAfterMsOf(error));
  if (typeof code === 'number') {
    return new BadGatewayException(
      `HubSpot failed on ${what} (HTTP ${code})${detail ? `: ${detail}` : ''}`,
    );
  }
  return new BadGatewayException(`HubSpot could not be reached for ${what}`);
}
