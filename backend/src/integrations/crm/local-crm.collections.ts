import type { Collection, Connection } from 'mongoose';
import type { CrmProperties } from './crm.port';

/**
 * The local CRM's MongoDB collections. Records keep HubSpot's shape (an id and
 * a bag of string properties) so both adapters answer alike. Associations are
 * one document each (deal→contact, deal→project, project→contact) with their
 * labels, so every change is a single-document update (no transactions on FerretDB).
 */
export const LOCAL_CRM_COLLECTIONS = {
  deals: 'crm_deals',
  contacts: 'crm_contacts',
  projects: 'crm_projects',
  owners: 'crm_owners',
  properties: 'crm_properties',
  pipelines: 'crm_pipelines',
  associations: 'crm_associations',
  counters: 'crm_counters',
  notes: 'crm_notes',
  files: 'crm_files',
  fileContents: 'crm_file_contents',
  stageHistory: 'crm_stage_history',
} as const;

export type CrmObjectType = 'deals' | 'contacts' | 'projects';

export interface RecordDoc {
  _id: string;
  properties: CrmProperties;
  /**
   * A contact's e-mail as it is looked up (`emailKey`): a top-level field, so the embedded
   * server answers the lookup from its index rather than reading every contact.
   */
  emailKey?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A contact's e-mail as lookups compare it: HubSpot matches e-mail addresses in any case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The lookup key a record of `type` with these properties carries, if any. */
export function recordKeys(
  type: CrmObjectType,
  properties: Partial<CrmProperties>,
): Pick<RecordDoc, 'emailKey'> {
  const email = properties.email;
  return type === 'contacts' && typeof email === 'string' && email.trim() !== ''
    ? { emailKey: emailKey(email) }
    : {};
}

export interface OwnerDoc {
  _id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface PropertyDefinitionDoc {
  /** `${objectType}.${name}` */
  _id: string;
  objectType: string;
  name: string;
  label: string;
  options: Array<{ label: string; value: string }>;
}

export interface PipelineDoc {
  _id: string;
  label: string;
  stages: Array<{ id: string; label: string }>;
}

export interface AssociationDoc {
  /** `${fromType}.${fromId}.${toType}.${toId}`: one document per pair. */
  _id: string;
  fromType: CrmObjectType;
  fromId: string;
  toType: CrmObjectType;
  toId: string;
  labels: string[];
}

/** A note on a timeline (the CRM's notes: HubSpot's note engagement). */
interface NoteDoc {
  _id: string;
  /** The deal it is on (notes of `addDealNote`, and notes whose first record is a deal). */
  dealId: string | null;
  /** Every record it is on (notes of `addNote`). */
  on?: Array<{ type: CrmObjectType; id: string }>;
  /** The write's marker (`CrmTimelineNote.marker`), carried in the body as HubSpot's is. */
  marker?: string;
  attachmentIds?: string[];
  /** The request's key (`CrmNote.key`), if it gave one: one note per key. */
  key: string | null;
  body: string;
  /** When what it records happened (HubSpot's `hs_timestamp`). */
  timestamp: Date;
  createdAt: Date;
}

/** A file kept in the CRM (HubSpot Files), in its folder; its bytes are its `FileContentDoc`. */
export interface FileDoc {
  _id: string;
  folder: string;
  name: string;
  contentType: string;
  size: number;
  /** Only on files stored before their bytes had a document of their own. */
  bytes?: Buffer;
  createdAt: Date;
}

/**
 * A file's bytes, apart from its record: a CRM write looks its file up by folder and name
 * before uploading, and the embedded server decodes every document it reads whole.
 */
interface FileContentDoc {
  /** The file's id. */
  _id: string;
  bytes: Buffer;
}

/** One change of a deal's stage, as HubSpot's property history keeps it. */
interface StageChangeDoc {
  dealId: string;
  pipeline: string | null;
  from: string | null;
  to: string;
  at: Date;
}

interface CounterDoc {
  _id: string;
  seq: number;
}

export function associationId(
  fromType: CrmObjectType,
  fromId: string,
  toType: CrmObjectType,
  toId: string,
): string {
  return `${fromType}.${fromId}.${toType}.${toId}`;
}

export interface LocalCrmCollections {
  deals: Collection<RecordDoc>;
  contacts: Collection<RecordDoc>;
  projects: Collection<RecordDoc>;
  owners: Collection<OwnerDoc>;
  properties: Collection<PropertyDefinitionDoc>;
  pipelines: Collection<PipelineDoc>;
  associations: Collection<AssociationDoc>;
  counters: Collection<CounterDoc>;
  notes: Collection<NoteDoc>;
  files: Collection<FileDoc>;
  fileContents: Collection<FileContentDoc>;
  stageHistory: Collection<StageChangeDoc>;
}

export function localCrmCollections(connection: Connection): LocalCrmCollections {
  const c = LOCAL_CRM_COLLECTIONS;
  return {
    deals: connection.collection<RecordDoc>(c.deals),
    contacts: connection.collection<RecordDoc>(c.contacts),
    projects: connection.collection<RecordDoc>(c.projects),
    owners: connection.collection<OwnerDoc>(c.owners),
    properties: connection.collection<PropertyDefinitionDoc>(c.properties),
    pipelines: connection.collection<PipelineDoc>(c.pipelines),
    associations: connection.collection<AssociationDoc>(c.associations),
    counters: connection.collection<CounterDoc>(c.counters),
    notes: connection.collection<NoteDoc>(c.notes),
    files: connection.collection<FileDoc>(c.files),
    fileContents: connection.collection<FileContentDoc>(c.fileContents),
    stageHistory: connection.collection<StageChangeDoc>(c.stageHistory),
  } as unknown as LocalCrmCollections;
}

/** A stored file with its bytes, or null if there is no such file. */
export async function readLocalCrmFile(
  db: LocalCrmCollections,
  fileId: string,
): Promise<(FileDoc & { bytes: Buffer }) | null> {
  const file = await db.files.findOne({ _id: fileId });
  if (!file) return null;
  const bytes = file.bytes ?? (await db.fileContents.findOne({ _id: fileId }))?.bytes;
  if (!bytes) return null;
  // The driver hands binary data back as its Binary wrapper.
  const raw = bytes as unknown as Buffer | { buffer: Buffer };
  return { ...file, bytes: Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer) };
}

/** A case-insensitive "contains" pattern for user text. */
export function containsPattern(text: string): RegExp {
  return new RegExp(text.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}
