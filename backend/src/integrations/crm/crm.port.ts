import { ServiceUnavailableException } from '@nestjs/common';
import type { CrmOwnerView, CrmRecordView, PropertyOption } from '@prosign/domain';

// The CRM's records and answers reach the API as they are: their shapes are the API's, declared
// once in libs/domain (crm/crm-api.ts). The names below are the port's words for them.
export type { PropertyOption };

/** Injection token of the active CRM adapter. */
export const CRM_PORT = Symbol('CRM_PORT');

/** CRM property values are strings (HubSpot's wire format); an unset property is null. */
export type CrmProperties = CrmRecordView['properties'];

export type CrmRecord = CrmRecordView;

/** A deal; properties include amount, dealstage, pipeline, project_type and the address. */
export type CrmDeal = CrmRecord;

/** A project (custom object): properties address, property_address, main_contract_signed_date… */
export type CrmProject = CrmRecord;

export type CrmOwner = CrmOwnerView;

/** The record types ProSign reads and writes; `projects` is the CRM's project custom object. */
export type CrmObjectType = 'deals' | 'contacts' | 'projects';

/**
 * One kind a pair of records is associated under: unlabelled (the CRM's default
 * association) or a label (a contact's role on a deal, a change order's label on
 * its project). `typeId` and `category` are the vendor's ids where it has them
 * (HubSpot), handed back unchanged when an association is copied.
 */
export interface CrmAssociationKind {
  label: string | null;
  typeId?: number;
  category?: string;
}

/** A record associated with another, with the kinds (labels) of the association. */
export interface CrmAssociation {
  toId: string;
  kinds: CrmAssociationKind[];
}

/** Two records to associate, from one to the other. */
export interface CrmPair {
  fromType: CrmObjectType;
  fromId: string;
  toType: CrmObjectType;
  toId: string;
}

/** An association a new record is created with. */
export interface CrmNewAssociation {
  toType: CrmObjectType;
  toId: string;
  kinds: CrmAssociationKind[];
}

/** One search condition: the record id, or a property equal to (case-insensitively) or containing a text. */
export type CrmCondition =
  { id: string } | { property: string; equals: string } | { property: string; contains: string };

export interface CrmSearch {
  /** Records meeting every condition of at least one group (no groups: every record). */
  anyOf: CrmCondition[][];
  /** Free text the CRM matches in its own way (HubSpot's `query`; the local CRM: every word in a name, e-mail or phone). */
  text?: string;
  /** Properties to read (a CRM that keeps few may answer with all). */
  properties: string[];
  limit: number;
}

export interface CrmSearchResult {
  records: CrmRecord[];
  /** How many records match in all (beyond `limit`). */
  total: number;
}

export type DealStageMilestone = 'sent' | 'signed';

/** A note on a deal's timeline (why a client declined, say): plain text, and when it happened. */
export interface CrmNote {
  body: string;
  at: Date;
  /**
   * What makes two requests the same note (a retried job): a CRM that can keeps one note per
   * key (the local CRM); HubSpot has no such key, so a retry there may log it twice.
   */
  key?: string;
}

/** A record a timeline note is attached to: a deal, a project, a contact. */
export interface CrmNoteTarget {
  type: CrmObjectType;
  id: string;
}

/**
 * A note for the CRM's timeline (HubSpot's note engagement), written once per `marker`: a write
 * keeps the id its create answered with, and only a create whose answer was lost looks for the
 * note by its marker (`findNote`). The marker is a token the note carries (`ProSign ref: …`,
 * its last line), so a person reading the note can find it in ProSign too.
 */
export interface CrmTimelineNote {
  /** Plain text; line breaks are kept. */
  body: string;
  /** When what it records happened. */
  at: Date;
  /** A single token (letters, digits, dashes): what makes a retried write the same note. */
  marker: string;
  /** The records it is associated with (the first is where it mainly belongs). */
  on: CrmNoteTarget[];
  /** Files (`uploadFile`) shown as the note's attachments. */
  attachmentIds?: string[];
}

/** A file to keep in the CRM (HubSpot Files: private access, in a folder). */
export interface CrmFileUpload {
  /** A folder path, e.g. `/ProSign/Service agreements`. */
  folder: string;
  /** The file's name, unique in its folder (it carries the write's marker). */
  name: string;
  bytes: Buffer;
  contentType: string;
}

export interface CrmFile {
  id: string;
  folder: string;
  name: string;
  size: number;
}

interface CrmPipelineStage {
  id: string;
  label: string;
  /** The stage's place in its pipeline: a deal moves forward to higher ones. */
  displayOrder: number;
}

/** A file kept in the CRM, with its bytes: what a download of it serves. */
export interface CrmFileContent {
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** The records whose activity the CRM can show: deals and projects. */
export type CrmActivityRecordType = Extract<CrmObjectType, 'deals' | 'projects'>;

/**
 * A deal or project with what ProSign wrote on it: its properties, the notes on its timeline
 * with their files, and (deals) every change of its stage.
 */
export interface CrmRecordActivity {
  properties: CrmProperties;
  /** Newest first. */
  notes: Array<{ id: string; at: Date; body: string; attachmentIds: string[] }>;
  /** The files attached to its notes, newest first. */
  files: Array<CrmFile & { createdAt: Date }>;
  /** Deals: every stage change, oldest first; a project has none. */
  stageChanges: Array<{ at: Date; from: string | null; to: string }>;
}

/**
 * What a CRM that shows its own records answers for `readRecordActivity` and `readFile`
 * (409): HubSpot keeps ProSign's notes and files in its own record pages.
 */
export const CRM_ACTIVITY_SHOWN_BY_VENDOR =
  'The CRM record view shows the local CRM. With HubSpot, open the record in HubSpot.';

/** A deal pipeline and its stages, in order. */
export interface CrmPipeline {
  id: string;
  label: string;
  stages: CrmPipelineStage[];
}

/**
 * The CRM's primitives: records read, searched, created and updated, their
 * associations and labels, owners and property options. The flows ProSign runs on
 * them (a deal with its signatories, the deal check, change-order labels, …) are
 * composed once in modules/crm (`CrmFlows`). Records come in HubSpot's shape
 * (`{id, properties}`). Missing records raise NotFoundException naming the record
 * (`noun`, else the type's: Deal, Contact, Project); the CRM failing raises a
 * 502/503 naming the CRM.
 */
export interface CrmPort {
  readonly adapter: 'local' | 'hubspot';
  /**
   * How long after a create the CRM's search may still miss it (HubSpot's index lags its
   * writes; the local CRM answers at once). A write whose last try may have created a note or
   * file waits that long after the try before searching for it and creating it again.
   */
  readonly searchLagMs: number;

  readRecord(
    type: CrmObjectType,
    id: string,
    properties: readonly string[],
    noun?: string,
  ): Promise<CrmRecord>;
  /** Several records by id; ids that find none are left out. */
  readRecords(
    type: CrmObjectType,
    ids: string[],
    properties: readonly string[],
  ): Promise<CrmRecord[]>;
  /** The records of `toType` associated with a record, with the association's kinds. */
  readAssociations(
    fromType: CrmObjectType,
    fromId: string,
    toType: CrmObjectType,
  ): Promise<CrmAssociation[]>;
  search(type: CrmObjectType, search: CrmSearch): Promise<CrmSearchResult>;
  /** Creates a record (with associations, as read from another record); returns its id. */
  createRecord(
    type: CrmObjectType,
    properties: Record<string, string>,
    associations?: CrmNewAssociation[],
  ): Promise<string>;
  updateRecord(type: CrmObjectType, id: string, properties: Record<string, string>): Promise<void>;
  /** Associates two records under `label`, made the pair's only label (the unlabelled association stays). */
  setAssociationLabel(pair: CrmPair, label: string): Promise<void>;
  /** Associates two records without a label (labels they have stay). */
  associate(pair: CrmPair): Promise<void>;
  /** Adds a note to a deal's timeline; returns the note's id (a missing deal raises NotFound). */
  addDealNote(dealId: string, note: CrmNote): Promise<string>;
  /** Adds a note to the timelines of `note.on` with its attachments; returns its id. */
  addNote(note: CrmTimelineNote): Promise<string>;
  /**
   * The note `addNote` wrote with `marker`, if there is one: told by where only ProSign writes
   * the marker (the local CRM's own field; HubSpot's last line of the note), never by a note
   * whose text merely contains it (a signer's words in another note may).
   */
  findNote(marker: string): Promise<string | null>;
  /** Keeps a file in the CRM (private); returns it with its id. */
  uploadFile(file: CrmFileUpload): Promise<CrmFile>;
  /** The file named `name` in `folder`, if there is one. */
  findFile(folder: string, name: string): Promise<CrmFile | null>;
  /** The deal pipelines and their stages, in order. */
  listPipelines(): Promise<CrmPipeline[]>;
  /**
   * A deal or project with the notes, files and stage changes on it (null: no such record), for
   * the admins' record view. A CRM with record pages of its own (HubSpot) refuses with a
   * ConflictException (`CRM_ACTIVITY_SHOWN_BY_VENDOR`).
   */
  readRecordActivity(type: CrmActivityRecordType, id: string): Promise<CrmRecordActivity | null>;
  /** A kept file with its bytes (null: no such file); refused as `readRecordActivity` is. */
  readFile(fileId: string): Promise<CrmFileContent | null>;

  getOwner(ownerId: string): Promise<CrmOwner>;
  listOwners(): Promise<CrmOwner[]>;
  getPropertyOptions(objectType: string, propertyName: string): Promise<PropertyOption[]>;
}

/** The labels among an association's kinds. */
export function labelsOf(kinds: readonly CrmAssociationKind[]): string[] {
  return kinds.map((kind) => kind.label).filter((label): label is string => Boolean(label));
}

/** Properties every deal read asks for (spec 2 §3 "Deal properties read"). */
export const DEAL_PROPERTIES = [
  'dealname',
  'amount',
  'deposit_amount',
  'progress_amount',
  'balance_amount',
  'customer_success_manager',
  'hubspot_owner_id',
  'dealstage',
  'pipeline',
  'project_type',
  'city',
  'state',
  'zip',
  'contract_link',
] as const;

export const CONTACT_PROPERTIES = [
  'firstname',
  'middlename',
  'lastname',
  'email',
  'phone',
  'type',
  'project_role__sales_rep',
  'current_partnership_rapport',
  'hs_object_id',
] as const;

export const PROJECT_PROPERTIES = [
  'project_name',
  'address',
  'property_address',
  'city',
  'state',
  'zip',
  'project_type',
  'main_contract_signed_date',
  'project_overview',
  'hs_object_id',
] as const;

/** A contact whose `type` is this is a community partner (spec 3 §3 "Partner (CP) record"). */
export const PARTNER_CONTACT_TYPE = 'Community Partner';

/**
 * The CRM said "too many requests" (HubSpot: 429) and when to come back: a queued write waits
 * that long before its next try, without counting it as a failed one.
 */
export class CrmRateLimitedError extends ServiceUnavailableException {
  constructor(
    readonly retryAfterMs: number,
    message = `HubSpot rate limit reached; trying again in ${Math.ceil(retryAfterMs / 1000)} s`,
  ) {
    super(message);
  }
}

/**
 * A write's last try may have created what its search does not show yet (`searchLagMs`): it
 * waits, as for a rate limit, without counting a failed try, instead of creating a second one.
 */
export class CrmSearchLagError extends CrmRateLimitedError {
  constructor(retryAfterMs: number, what: 'file' | 'note') {
    super(
      retryAfterMs,
      `The CRM's search may not show the ${what} the last try created yet; looking again in ${Math.ceil(retryAfterMs / 1000)} s`,
    );
  }
}
