import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { SealLevel } from '@prosign/domain';
import type { Collection, Model } from 'mongoose';
import { insertIfAbsent } from '../../../platform/database/insert-if-absent';
import type { RenderedPdf, SectionPlacement, SignatureSlot } from '../document-content';
import type { AuditEvent } from '../layout/audit-trail-content';
import { newDocumentId } from './document-ids';
import {
  DocumentRecord,
  StoredPdf,
  type ArchiveExtension,
  type DocumentReadAccessLevel,
  type PlacedFieldValues,
  type PlacedSignature,
} from './document.schema';
import { PdfFileStore } from './pdf-file.store';
import { RecentPdfs } from './recent-pdfs';

const DUPLICATE_KEY = 11000;

/** A document record as first stored: what the schema fills in (its revision's default) may be left out. */
export type NewDocumentRecord = Pick<
  DocumentRecord,
  '_id' | 'kind' | 'title' | 'contractKind' | 'documentDate'
> &
  Partial<DocumentRecord>;

/** `derived_document_ids`: the id drawn for a derived document, under what it is made of. */
interface DerivedDocumentId {
  /** The derivation key (see derivedDocumentId). */
  _id: string;
  docId: string;
  createdAt: Date;
}

/**
 * Document records and their stored PDFs. A PDF is produced by a pure function
 * of the record, so whoever renders a revision first (a queue job or a request
 * that could not wait) stores it and everyone else reads it.
 */
@Injectable()
export class DocumentRepository {
  /**
   * The revisions' PDFs this process stored or read last. A stored revision never changes (the
   * first store wins, a new text is a new revision), so a copy kept here is always the stored
   * one: a signer's finish reads the same PDFs step after step (the signed agreement for its
   * audit trail and again for the seal, the sealed copy for the mail), three reads of the
   * record and of the file each time without it.
   */
  private readonly recentPdfs = new RecentPdfs(RECENT_PDF_BYTES);
  /**
   * The stored revisions' records (`document_pdfs`: file id, hash, layout) this process read or
   * stored last, by key: a signer's page reads its layout's slots, and the finish the same
   * record again for the stamp and for the audit trail's hash of the agreement as sent.
   */
  private readonly storedPdfs = new Map<string, StoredPdf>();
  /** Revisions created by this process and not looked up since (`noteCreatedRevision`). */
  private readonly createdRevisions = new Set<string>();

  constructor(
    @InjectModel(DocumentRecord.name) private readonly model: Model<DocumentRecord>,
    @InjectModel(StoredPdf.name) private readonly pdfs: Model<StoredPdf>,
    private readonly files: PdfFileStore,
  ) {}

  async find(docId: string): Promise<DocumentRecord | null> {
    return this.model.findById(docId).lean<DocumentRecord>();
  }

  /** Who besides staff may read the document by its link from now on (`DocumentRecord.readAccess`). */
  async restrictReading(docId: string, access: DocumentReadAccessLevel): Promise<void> {
    await this.model.updateOne({ _id: docId }, { $set: { readAccess: access } });
  }

  async get(docId: string): Promise<DocumentRecord> {
    const record = await this.find(docId);
    if (!record) throw new NotFoundException(`Document ${docId} not found`);
    return record;
  }

  /**
   * A template ProSign may copy: a record of kind `template`, seeded for the local engine or
   * registered under its Drive id for Google. Any other id is 404, whatever the engine could
   * read (a Drive file the service account sees is not a ProSign template).
   */
  async getTemplate(docId: string): Promise<DocumentRecord> {
    const record = await this.find(docId);
    if (record?.kind !== 'template') {
      throw new NotFoundException(`Template document ${docId} not found`);
    }
    return record;
  }

  /**
   * Registers a document another engine (Google Docs) created for us, so it is
   * served by id like ours; ids outside this collection never are.
   */
  async registerExternal(
    record: Pick<
      DocumentRecord,
      '_id' | 'kind' | 'title' | 'contractKind' | 'templateId' | 'revision' | 'documentDate'
    >,
  ): Promise<void> {
    await this.model.create(record);
  }

  /** Stores a new document ProSign made (a contract copied from a template, an unsigned copy). */
  async insert(record: NewDocumentRecord): Promise<void> {
    await this.model.create(record);
  }

  /**
   * Inserts the seeded templates missing by id and keeps the stored ones as they are (admins'
   * edits stay); resolves with how many were new.
   */
  async insertTemplatesIfAbsent(templates: NewDocumentRecord[]): Promise<number> {
    // Template ids are strings, not ObjectIds; the raw collection is typed for the latter.
    const collection = this.model.collection as unknown as Collection<{ _id: string }>;
    return insertIfAbsent(collection, templates);
  }

  /**
   * Creates the derived document `docId` with `fields` unless it exists, and returns it as
   * stored (the first call's fields).
   */
  async createDerivedOnce(
    docId: string,
    fields: Partial<DocumentRecord>,
  ): Promise<DocumentRecord | null> {
    return this.model
      .findOneAndUpdate(
        { _id: docId },
        { $setOnInsert: { contractKind: 'standard', revision: 1, ...fields } },
        { upsert: true, returnDocument: 'after' },
      )
      .lean<DocumentRecord>();
  }

  /** Puts an event in the audit trail `docId` (a record of kind `audit-trail` only). */
  async appendAuditEvent(docId: string, event: AuditEvent): Promise<void> {
    await this.model.updateOne(
      { _id: docId, kind: 'audit-trail' },
      { $push: { 'auditTrail.events': event } },
    );
  }

  /** The seal level the document is to be sealed at (an admin's choice). */
  async setSealLevel(docId: string, sealLevel: SealLevel): Promise<void> {
    await this.model.updateOne({ _id: docId }, { $set: { sealLevel } });
  }

  /**
   * Places a recipient's signature (`recipientId` undefined: the single signer's) and bumps the
   * revision, if the contract is still laid out at `layoutRevision`; the record as updated, or
   * null when its layout changed meanwhile. Only this recipient's key is set: signers placing
   * at the same moment each keep theirs; an uploaded document's field values in the same update.
   */
  async placeSignature(
    docId: string,
    layoutRevision: number | undefined,
    recipientId: string | undefined,
    placed: PlacedSignature,
    fieldValues?: { valuesOf: string; values: PlacedFieldValues },
  ): Promise<DocumentRecord | null> {
    return this.model
      .findOneAndUpdate(
        { _id: docId, kind: 'contract', layoutRevision: layoutRevision ?? null },
        {
          $set: {
            ...(recipientId === undefined
              ? { signature: placed }
              : { [`signatures.${recipientId}`]: placed }),
            ...(fieldValues ? { [`fieldValues.${fieldValues.valuesOf}`]: fieldValues.values } : {}),
          },
          $inc: { revision: 1 },
        },
        { returnDocument: 'after' },
      )
      .lean<DocumentRecord>();
  }

  /**
   * Lays the unsigned contract out again at `revision` with `set` applied (and `unset` removed),
   * if it is still at `readRevision` and nobody has signed it: the new revision is the layout
   * signatures are stamped onto. True if this call changed it.
   */
  async relayoutUnsigned(
    docId: string,
    readRevision: number,
    revision: number,
    set: Record<string, unknown>,
    unset?: Record<string, 1>,
  ): Promise<boolean> {
    const { matchedCount } = await this.model.updateOne(
      {
        _id: docId,
        kind: 'contract',
        revision: readRevision,
        signature: { $exists: false },
        signatures: { $exists: false },
      },
      { $set: { ...set, layoutRevision: revision, revision }, ...(unset ? { $unset: unset } : {}) },
    );
    return matchedCount === 1;
  }

  /**
   * The id of the derived document (audit trail, sealed or void copy) that `key`
   * names: drawn at random by the first caller and stored under the key, so a
   * retried or concurrent build gets the same id and makes one document, while
   * nobody can compute the id from the document's sources. A document made before
   * ids were random has the key itself as its id, recorded under it by a data migration
   * (`2026-12-06-derived-ids-of-hash-documents`), so it is found here like every other.
   */
  async derivedDocumentId(key: string): Promise<string> {
    const ids = this.model.db.collection<DerivedDocumentId>('derived_document_ids');
    const proposed = newDocumentId();
    try {
      await ids.insertOne({ _id: key, docId: proposed, createdAt: new Date() });
      // A new id: no document, so no PDF of its first revision, can be stored under it yet.
      this.noteCreatedRevision(proposed, 1);
      return proposed;
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      const drawn = await ids.findOne({ _id: key });
      if (!drawn) throw error;
      return drawn.docId;
    }
  }

  /**
   * A revision this process created a moment ago (placing a signature bumps the revision; a
   * derived document's id drawn starts at 1): the first look for its stored PDF answers "none"
   * without a read. Another process storing the same revision meanwhile costs only a second
   * render, which `storePdf` then discards.
   */
  noteCreatedRevision(docId: string, revision: number): void {
    this.createdRevisions.add(pdfKey(docId, revision));
    // Bounded: marks never looked at (a finish that failed before rendering) do not pile up.
    for (const oldest of this.createdRevisions) {
      if (this.createdRevisions.size <= RECENT_STORED_PDFS) break;
      this.createdRevisions.delete(oldest);
    }
  }

  /** The stored PDF of a revision, if it has been rendered. */
  async findPdf(docId: string, revision: number): Promise<StoredPdf | null> {
    const key = pdfKey(docId, revision);
    const known = this.storedPdfs.get(key);
    if (known) return known;
    if (this.createdRevisions.delete(key)) return null;
    const stored = await this.pdfs.findById(key).lean<StoredPdf>();
    if (stored) this.rememberStored(stored);
    return stored;
  }

  /** Keeps a stored revision's record (it never changes once stored, as its PDF). */
  private rememberStored(stored: StoredPdf): void {
    this.storedPdfs.delete(stored._id);
    this.storedPdfs.set(stored._id, stored);
    for (const oldest of this.storedPdfs.keys()) {
      if (this.storedPdfs.size <= RECENT_STORED_PDFS) break;
      this.storedPdfs.delete(oldest);
    }
  }

  /** A revision's stored PDF with its layout facts, if rendered. */
  async readPdf(docId: string, revision: number): Promise<RenderedPdf | null> {
    const key = pdfKey(docId, revision);
    const recent = this.recentPdfs.get(key);
    if (recent) return recent;
    const stored = await this.findPdf(docId, revision);
    if (!stored) return null;
    const rendered: RenderedPdf = {
      pdf: await this.files.get(stored.fileId),
      pageCount: stored.pageCount,
      slots: stored.slots,
      sections: stored.sections,
    };
    this.recentPdfs.set(key, rendered);
    return rendered;
  }

  /** The stored PDF of the record's current revision, if rendered. */
  async readCurrentPdf(record: DocumentRecord): Promise<Buffer | null> {
    return (await this.readPdf(record._id, record.revision))?.pdf ?? null;
  }

  /**
   * Stores the PDF of the record's current revision once: when another process
   * stored it first (same bytes, rendering is deterministic) ours is discarded.
   */
  async storePdf(
    record: DocumentRecord,
    bytes: Buffer,
    pageCount: number,
    slots: SignatureSlot[] = [],
    sections?: SectionPlacement[],
  ): Promise<StoredPdf> {
    const file = await this.files.put(bytes, `${record._id}-r${record.revision}.pdf`, {
      documentId: record._id,
      revision: record.revision,
    });
    const stored: StoredPdf = {
      _id: pdfKey(record._id, record.revision),
      docId: record._id,
      revision: record.revision,
      ...file,
      pageCount,
      slots,
      ...(sections ? { sections } : {}),
    };
    try {
      await this.pdfs.create(stored);
      this.rememberStored(stored);
      this.recentPdfs.set(stored._id, {
        pdf: bytes,
        pageCount,
        slots,
        ...(sections ? { sections } : {}),
      });
      return stored;
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      await this.files.delete(file.fileId);
      return (await this.findPdf(record._id, record.revision)) ?? stored;
    }
  }

  /** Sealed documents whose archive time-stamp the archive job has not looked at yet. */
  async archivesNotChecked(limit: number): Promise<DocumentRecord[]> {
    return this.model
      .find({ kind: 'combined', archiveTimestampExpiresAt: { $exists: false } })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<DocumentRecord[]>();
  }

  /** Sealed documents whose newest document time-stamp stops being checkable by `before`. */
  async archivesDue(before: Date, limit: number): Promise<DocumentRecord[]> {
    return this.model
      .find({ kind: 'combined', archiveTimestampExpiresAt: { $ne: null, $lte: before } })
      .sort({ archiveTimestampExpiresAt: 1 })
      .limit(limit)
      .lean<DocumentRecord[]>();
  }

  /** Notes when the current revision's newest document time-stamp expires (unless it changed meanwhile). */
  async noteArchiveExpiry(record: DocumentRecord, expiresAt: Date | null): Promise<void> {
    await this.model.updateOne(
      { _id: record._id, revision: record.revision },
      { $set: { archiveTimestampExpiresAt: expiresAt } },
    );
  }

  /**
   * Makes the extension (stored as revision `extension.revision`) the document's current
   * revision, if the record is still at the one before: of two runs extending it at once,
   * one wins. True if this call moved it.
   */
  async advanceArchive(record: DocumentRecord, extension: ArchiveExtension): Promise<boolean> {
    const { modifiedCount } = await this.model.updateOne(
      { _id: record._id, revision: extension.revision - 1 },
      {
        $set: {
          revision: extension.revision,
          archiveTimestampExpiresAt: extension.timestampExpiresAt,
        },
        $push: { archiveExtensions: extension },
      },
    );
    return modifiedCount === 1;
  }

  /** Forgets a revision's stored PDF (it is rendered again on the next request). */
  async deletePdf(docId: string, revision: number): Promise<void> {
    this.recentPdfs.delete(pdfKey(docId, revision));
    this.storedPdfs.delete(pdfKey(docId, revision));
    const stored = await this.pdfs.findByIdAndDelete(pdfKey(docId, revision)).lean<StoredPdf>();
    if (stored) await this.files.delete(stored.fileId);
  }

  putFile(bytes: Buffer, filename: string, metadata: Record<string, unknown>) {
    return this.files.put(bytes, filename, metadata);
  }

  getFile(fileId: string): Promise<Buffer> {
    return this.files.get(fileId);
  }
}

function pdfKey(docId: string, revision: number): string {
  return `${docId}.${revision}`;
}

/** How many bytes of recent PDFs a process keeps (a few hundred contracts of 40–70 KB). */
const RECENT_PDF_BYTES = 24 * 1024 * 1024;
/** How many stored revisions' records a process keeps (a few KB each: slots and sections). */
const RECENT_STORED_PDFS = 2_000;
