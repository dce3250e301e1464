import { NotFoundException } from '@nestjs/common';
import type { Connection } from 'mongoose';
import type {
  CrmActivityRecordType,
  CrmAssociation,
  CrmCondition,
  CrmNewAssociation,
  CrmFile,
  CrmFileContent,
  CrmFileUpload,
  CrmNote,
  CrmOwner,
  CrmPipeline,
  CrmTimelineNote,
  CrmPair,
  CrmPort,
  CrmProperties,
  CrmRecord,
  CrmRecordActivity,
  CrmSearch,
  CrmSearchResult,
  PropertyOption,
} from './crm.port';
import { labelsOf } from './crm.port';
import { readLocalCrmActivity } from './local-crm-activity';
import {
  associationId,
  containsPattern,
  emailKey,
  localCrmCollections,
  readLocalCrmFile,
  recordKeys,
  type AssociationDoc,
  type CrmObjectType,
  type FileDoc,
  type LocalCrmCollections,
  type RecordDoc,
} from './local-crm.collections';

const NOUN: Record<CrmObjectType, string> = {
  deals: 'Deal',
  contacts: 'Contact',
  projects: 'Project',
};

/**
 * The embedded CRM: deals, contacts, owners, projects, associations and
 * pipelines in MongoDB (seeded with demo data by LocalCrmSeeder), behind the
 * port's primitives (the flows are modules/crm's `CrmFlows`). Changes made
 * through it — a stage move, a property update — are visible on the next read.
 */
export class LocalCrmAdapter implements CrmPort {
  readonly adapter = 'local' as const;
  /** Its search reads the database the create wrote: nothing to wait for. */
  readonly searchLagMs = 0;
  private readonly db: LocalCrmCollections;

  constructor(connection: Connection) {
    this.db = localCrmCollections(connection);
  }

  async readRecord(
    type: CrmObjectType,
    id: string,
    _properties: readonly string[],
    noun = NOUN[type],
  ): Promise<CrmRecord> {
    const doc = await this.db[type].findOne({ _id: id });
    if (!doc) throw new NotFoundException(`${noun} ${id} not found in the CRM`);
    return toRecord(doc);
  }

  async readRecords(type: CrmObjectType, ids: string[]): Promise<CrmRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.db[type]
      .find({ _id: { $in: ids } })
      .sort({ _id: 1 })
      .toArray();
    return docs.map(toRecord);
  }

  /** Associations are stored one way (deal→contact, deal→project, project→contact) and read both ways. */
  async readAssociations(
    fromType: CrmObjectType,
    fromId: string,
    toType: CrmObjectType,
  ): Promise<CrmAssociation[]> {
    const docs = await this.db.associations
      .find({
        $or: [
          { fromType, fromId, toType },
          { fromType: toType, toType: fromType, toId: fromId },
        ],
      })
      .toArray();
    return docs.map((doc: AssociationDoc) => ({
      toId: doc.fromType === fromType && doc.fromId === fromId ? doc.toId : doc.fromId,
      // Every stored pair is associated; its labels are the labelled kinds.
      kinds: [{ label: null }, ...(doc.labels ?? []).map((label) => ({ label }))],
    }));
  }

  async search(type: CrmObjectType, search: CrmSearch): Promise<CrmSearchResult> {
    const parts = [
      search.text ? contactTextFilter(search.text) : {},
      search.anyOf.length > 0
        ? {
            $or: search.anyOf.map((group) =>
              group.length === 1
                ? conditionFilter(type, group[0])
                : { $and: group.map((condition) => conditionFilter(type, condition)) },
            ),
          }
        : {},
    ].filter((part) => Object.keys(part).length > 0);
    const filter = parts.length > 1 ? { $and: parts } : (parts[0] ?? {});
    const docs = await this.db[type].find(filter).sort({ _id: 1 }).limit(search.limit).toArray();
    // Fewer than asked for: that is all of them, and counting would read them all again (a
    // lookup by e-mail, the commonest search, matches by pattern, which reads every record).
    const total =
      search.limit > 0 && docs.length < search.limit
        ? docs.length
        : await this.db[type].countDocuments(filter);
    return { records: docs.map(toRecord), total };
  }

  async createRecord(
    type: CrmObjectType,
    properties: CrmProperties,
    associations: CrmNewAssociation[] = [],
  ): Promise<string> {
    const id = await nextRecordId(this.db);
    const now = new Date();
    await this.db[type].insertOne({
      _id: id,
      properties: { ...properties, hs_object_id: id },
      ...recordKeys(type, properties),
      createdAt: now,
      updatedAt: now,
    });
    for (const association of associations.filter((a) => a.kinds.length > 0)) {
      await this.setLabels(
        type,
        id,
        association.toType,
        association.toId,
        labelsOf(association.kinds),
      );
    }
    return id;
  }

  async updateRecord(
    type: CrmObjectType,
    id: string,
    properties: Record<string, string>,
  ): Promise<void> {
    const at = new Date();
    const set: Record<string, unknown> = { updatedAt: at };
    for (const [name, value] of Object.entries(properties)) set[`properties.${name}`] = value;
    const keys = recordKeys(type, properties);
    Object.assign(set, keys);
    // An e-mail taken off a contact takes its lookup key with it.
    const unset = type === 'contacts' && 'email' in properties && !keys.emailKey;
    const before = await this.db[type].findOneAndUpdate(
      { _id: id },
      unset ? { $set: set, $unset: { emailKey: '' } } : { $set: set },
      // The whole record: the embedded server takes no projection with findAndModify.
      { returnDocument: 'before' },
    );
    if (!before) throw new NotFoundException(`${NOUN[type]} ${id} not found in the CRM`);
    // A deal's stage history, as HubSpot keeps the property's history (the CRM record view shows it).
    const from = before.properties?.dealstage ?? null;
    if (type === 'deals' && properties.dealstage !== undefined && properties.dealstage !== from) {
      await this.db.stageHistory.insertOne({
        dealId: id,
        pipeline: properties.pipeline ?? before.properties?.pipeline ?? null,
        from,
        to: properties.dealstage,
        at,
      });
    }
  }

  async setAssociationLabel(pair: CrmPair, label: string): Promise<void> {
    await this.bothExist(pair);
    await this.setLabels(pair.fromType, pair.fromId, pair.toType, pair.toId, [label]);
  }

  async associate(pair: CrmPair): Promise<void> {
    await this.bothExist(pair);
    const { fromType, fromId, toType, toId } = pair;
    const _id = associationId(fromType, fromId, toType, toId);
    if (!(await this.db.associations.findOne({ _id }))) {
      await this.setLabels(fromType, fromId, toType, toId, []);
    }
  }

  async addDealNote(dealId: string, note: CrmNote): Promise<string> {
    await this.readRecord('deals', dealId, []);
    if (note.key) {
      const existing = await this.db.notes.findOne({ key: note.key });
      if (existing) return existing._id;
    }
    const _id = await nextRecordId(this.db);
    await this.db.notes.insertOne({
      _id,
      dealId,
      key: note.key ?? null,
      body: note.body,
      timestamp: note.at,
      createdAt: new Date(),
    });
    return _id;
  }

  async addNote(note: CrmTimelineNote): Promise<string> {
    for (const target of note.on) await this.readRecord(target.type, target.id, []);
    const existing = await this.findNote(note.marker);
    if (existing) return existing;
    const _id = await nextRecordId(this.db);
    await this.db.notes.insertOne({
      _id,
      dealId: note.on.find((target) => target.type === 'deals')?.id ?? null,
      on: note.on.map(({ type, id }) => ({ type, id })),
      marker: note.marker,
      attachmentIds: note.attachmentIds ?? [],
      key: null,
      // As HubSpot's: the marker travels in the note, readable.
      body: `${note.body}\n\nProSign ref: ${note.marker}`,
      timestamp: note.at,
      createdAt: new Date(),
    });
    return _id;
  }

  async findNote(marker: string): Promise<string | null> {
    return (await this.db.notes.findOne({ marker }, { projection: { _id: 1 } }))?._id ?? null;
  }

  async uploadFile(file: CrmFileUpload): Promise<CrmFile> {
    const existing = await this.findFile(file.folder, file.name);
    if (existing) return existing;
    const doc: FileDoc = {
      _id: await nextRecordId(this.db),
      folder: file.folder,
      name: file.name,
      contentType: file.contentType,
      size: file.bytes.length,
      createdAt: new Date(),
    };
    // The bytes first: a file found by its folder and name always has them (a crash in between
    // leaves bytes nothing names, never a file without its bytes).
    await this.db.fileContents.insertOne({ _id: doc._id, bytes: file.bytes });
    await this.db.files.insertOne(doc);
    return toFile(doc);
  }

  async findFile(folder: string, name: string): Promise<CrmFile | null> {
    const doc = await this.db.files.findOne({ folder, name }, { projection: { bytes: 0 } });
    return doc ? toFile(doc) : null;
  }

  async listPipelines(): Promise<CrmPipeline[]> {
    const pipelines = await this.db.pipelines.find({}).sort({ _id: 1 }).toArray();
    return pipelines.map((pipeline) => ({
      id: pipeline._id,
      label: pipeline.label,
      stages: pipeline.stages.map((stage, displayOrder) => ({ ...stage, displayOrder })),
    }));
  }

  readRecordActivity(type: CrmActivityRecordType, id: string): Promise<CrmRecordActivity | null> {
    return readLocalCrmActivity(this.db, type, id);
  }

  async readFile(fileId: string): Promise<CrmFileContent | null> {
    const file = await readLocalCrmFile(this.db, fileId);
    return file && { name: file.name, contentType: file.contentType, bytes: file.bytes };
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

  /** As in HubSpot, a pair is associated only when both records exist (NotFoundException). */
  private async bothExist({ fromType, fromId, toType, toId }: CrmPair): Promise<void> {
    await this.readRecord(fromType, fromId, []);
    await this.readRecord(toType, toId, []);
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
}

/** How many ids a process takes from the counter at once. */
const RECORD_ID_BLOCK = 100;

/** Each process's block of ids not handed out yet, by counter collection. */
const idBlocks = new WeakMap<object, Promise<{ next: number; end: number }>>();

/**
 * Numeric ids like HubSpot's, from one counter document (atomic $inc): a process takes a block
 * of them at a time, so a note or file costs no database write of its own for its id. Unique
 * across processes; an unused rest of a block is skipped when a process stops.
 */
async function nextRecordId(db: LocalCrmCollections): Promise<string> {
  const current = idBlocks.get(db.counters);
  const taken = (async () => {
    const block = current ? await current.catch(() => null) : null;
    if (block && block.next < block.end) return { next: block.next + 1, end: block.end };
    const counter = await db.counters.findOneAndUpdate(
      { _id: 'records' },
      { $inc: { seq: RECORD_ID_BLOCK } },
      { upsert: true, returnDocument: 'after' },
    );
    const end = counter?.seq ?? RECORD_ID_BLOCK;
    return { next: end - RECORD_ID_BLOCK + 1, end };
  })();
  idBlocks.set(db.counters, taken);
  // Created records start well above the seeded ids (which are below 90 000 000).
  return String(90_000_000 + (await taken).next);
}

function toFile(doc: Omit<FileDoc, 'bytes'>): CrmFile {
  return { id: doc._id, folder: doc.folder, name: doc.name, size: doc.size };
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

/** A search condition on a record's id or one of its properties. */
function conditionFilter(type: CrmObjectType, condition: CrmCondition): Record<string, unknown> {
  if ('id' in condition) return { _id: condition.id };
  // A contact by e-mail (the commonest search): from the key's index, not by pattern.
  if (type === 'contacts' && 'equals' in condition && condition.property === 'email')
    return { emailKey: emailKey(condition.equals) };
  if ('equals' in condition)
    return { [`properties.${condition.property}`]: exactInsensitive(condition.equals) };
  return { [`properties.${condition.property}`]: containsPattern(condition.contains) };
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
