import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { AgreementFamily, FieldPlacement, FieldValue, SealLevel } from '@prosign/domain';
import { AGREEMENT_FAMILY_PATH } from '../../../platform/validation/is-agreement-family';
import { Schema as MongooseSchema } from 'mongoose';
import type { AgreementContent, SectionPlacement, SignatureSlot } from '../document-content';
import type { AuditTrailContent } from '../layout/audit-trail-content';

const DOCUMENT_KINDS = ['template', 'contract', 'audit-trail', 'combined', 'void'] as const;
/**
 * - template: an agreement with `$placeholders`, copied by create-contract;
 * - contract: a filled copy of a template, signed in place;
 * - audit-trail: the event log of a contract;
 * - combined: the final PDF, sources merged in order and sealed;
 * - void: a source stamped VOID.
 */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * The rendered PDF of one revision of a document. Kept apart from the document
 * record and written once (insert by `${docId}.${revision}`): a render never
 * updates the record a signer may be updating at the same moment (FerretDB
 * applies concurrent updates of one document as read-modify-write).
 */
@Schema({ collection: 'document_pdfs', timestamps: true })
export class StoredPdf {
  /** `${docId}.${revision}`. */
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: String, required: true, index: true })
  docId: string;

  @Prop({ type: Number, required: true })
  revision: number;

  @Prop({ type: String, required: true })
  fileId: string;

  @Prop({ type: String, required: true })
  sha256: string;

  @Prop({ type: Number, required: true })
  size: number;

  @Prop({ type: Number, required: true })
  pageCount: number;

  @Prop({ type: [MongooseSchema.Types.Mixed], default: [] })
  slots: SignatureSlot[];

  /** Agreements: the page of each section and body block (the reading view's page marks). */
  @Prop({ type: [MongooseSchema.Types.Mixed], default: undefined })
  sections?: SectionPlacement[];
}

export const StoredPdfSchema = SchemaFactory.createForClass(StoredPdf);

/** The uploaded PDF a "document" contract shows, and the fields placed on it. */
export interface UploadedDocumentContent {
  /** The cleaned upload in the document store (GridFS), as the intake stored it. */
  fileId: string;
  sha256: string;
  fileName: string;
  placement: FieldPlacement;
  /** IANA time zone its dates are drawn in. */
  timeZone: string;
}

/** One recipient's values of a "document" contract, as they finished. */
export interface PlacedFieldValues {
  name: string;
  email: string;
  /** By field id; an attachment field holds the attachment's id. */
  values: Record<string, FieldValue>;
  /** The files they attached, by field id (the bytes in the document store). */
  attachments: Record<string, PlacedAttachment>;
}

export interface PlacedAttachment {
  id: string;
  fileId: string;
  name: string;
  type: string;
  bytes: number;
  sha256: string;
}

export interface PlacedSignature {
  signatureFileId: string;
  initialsFileId: string;
  signerName: string;
  signedAt: Date;
}

/** Who may read a document by its link besides staff (see `DocumentRecord.readAccess`). */
const DOCUMENT_READ_ACCESS = ['signer-code'] as const;
export type DocumentReadAccessLevel = (typeof DOCUMENT_READ_ACCESS)[number];

/**
 * A document of the local engine, addressed by its docLink id. Every change is
 * one atomic update of this record; `revision` increases with each change of
 * what the PDF shows, and each revision's PDF is stored once (StoredPdf).
 */
@Schema({ collection: 'documents', timestamps: true, minimize: false })
export class DocumentRecord {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: String, required: true, enum: DOCUMENT_KINDS, index: true })
  kind: DocumentKind;

  @Prop({ type: String, required: true })
  title: string;

  @Prop(AGREEMENT_FAMILY_PATH)
  contractKind: AgreementFamily;

  /** The template a contract was created from. */
  @Prop({ type: String })
  templateId?: string;

  /** "document" contracts prepared from a versioned template: the version they were sent from. */
  @Prop({ type: Number })
  templateVersion?: number;

  /** Agreement text (templates and contracts). */
  @Prop({ type: MongooseSchema.Types.Mixed })
  content?: AgreementContent;

  /**
   * Contracts of the "document" family: the uploaded PDF they show instead of `content`, and
   * the fields placed on it. Each recipient's values are placed with their signature
   * (`fieldValues`), as `signatures` are.
   */
  @Prop({ type: MongooseSchema.Types.Mixed })
  uploaded?: UploadedDocumentContent;

  /**
   * "document" contracts: each recipient's field values by `Recipient.id`, placed with their
   * signature in the same update (`fieldValues.<recipientId>`).
   */
  @Prop({ type: MongooseSchema.Types.Mixed })
  fieldValues?: Record<string, PlacedFieldValues>;

  /** Audit-trail documents. */
  @Prop({ type: MongooseSchema.Types.Mixed })
  auditTrail?: AuditTrailContent;

  /** Combined and void documents: the document ids they are built from, in order. */
  @Prop({ type: [String], default: undefined })
  sources?: string[];

  /** Void documents: who voided, when. */
  @Prop({ type: MongooseSchema.Types.Mixed })
  voided?: { by: string; at: Date };

  /** The contract (link token) a derived document belongs to, when known. */
  @Prop({ type: String, index: true })
  contractToken?: string;

  /** The single signer's signature, as placed before recipients (read as SINGLE_SIGNER_RECIPIENT_ID's). */
  @Prop({ type: MongooseSchema.Types.Mixed })
  signature?: PlacedSignature;

  /**
   * Each recipient's placed signature by `Recipient.id`. Each placement sets its own
   * key (`signatures.<recipientId>`), so recipients signing at the same moment never overwrite
   * one another.
   */
  @Prop({ type: MongooseSchema.Types.Mixed })
  signatures?: Record<string, PlacedSignature>;

  @Prop({ type: Number, required: true, default: 1 })
  revision: number;

  /**
   * Contracts: the revision whose stored PDF is `content` laid out, unsigned. A
   * signature placed later is stamped onto that PDF instead of laying the text
   * out again. Whatever changes `content` must set it to the new revision.
   */
  @Prop({ type: Number })
  layoutRevision?: number;

  /**
   * Combined (sealed) documents: when the newest document time-stamp of the current
   * revision's PDF stops being checkable (its certificates' earliest end); null when the PDF
   * does not end with one (sealed below B-LTA); unset until the archive job has looked.
   */
  @Prop({ type: Date, default: undefined })
  archiveTimestampExpiresAt?: Date | null;

  /** Combined documents: the PAdES level an admin chose below SEAL_LEVEL. */
  @Prop({ type: String, default: undefined })
  sealLevel?: SealLevel;

  /** Combined documents: each archive extension (a fresh document time-stamp), oldest first. */
  @Prop({ type: [MongooseSchema.Types.Mixed], default: undefined })
  archiveExtensions?: ArchiveExtension[];

  /**
   * Who may read the document by its link besides staff: unset, whoever holds the link (its
   * random id is the capability); `signer-code`, only a signer who entered the e-mail code
   * or a cc recipient with the grant of their mail.
   */
  @Prop({ type: String, enum: DOCUMENT_READ_ACCESS, default: undefined })
  readAccess?: DocumentReadAccessLevel;

  /** Fixed when the document is created; the PDF's dates come from it, so rendering is repeatable. */
  @Prop({ type: Date, required: true })
  documentDate: Date;

  createdAt?: Date;
  updatedAt?: Date;
}

export const DocumentRecordSchema = SchemaFactory.createForClass(DocumentRecord);
// The archive job's two questions: sealed documents not looked at yet, and those due.
DocumentRecordSchema.index({ kind: 1, archiveTimestampExpiresAt: 1 });
// The upload clean-up's question: does a document show this uploaded file.
DocumentRecordSchema.index({ 'uploaded.fileId': 1 });

/** One archive extension: the revision it made, when, and that PDF's SHA-256. */
export interface ArchiveExtension {
  revision: number;
  at: Date;
  sha256: string;
  /** The new document time-stamp's certificates end (the next extension is due before). */
  timestampExpiresAt: Date | null;
}
