import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { DocumentTemplateRole, FieldPlacement } from '@prosign/domain';
import type { Collection, Connection } from 'mongoose';

/**
 * One version of a template as stored. A template is its versions (same `templateId`); each
 * save adds one and none changes after, so an agreement sent from version 2 finds version 2.
 */
export interface DocumentTemplateVersionDoc {
  /** `<templateId>:<version>`: two saves racing for one version number cannot both land. */
  _id: string;
  templateId: string;
  version: number;
  /** Whether it is the template's newest version: the one the list shows. */
  latest: boolean;
  /** The template's (every version carries it, so the list filters on one document). */
  archived: boolean;
  name: string;
  /** The name and the file's name, lower-case: what the list's search matches. */
  searchText: string;
  uploadId: string;
  fileName: string;
  placement: FieldPlacement;
  roles: DocumentTemplateRole[];
  pageCount: number;
  fieldCount: number;
  createdAt: Date;
  /** The staff member who saved this version (e-mail). */
  createdBy: string;
}

/** A list row: the version without its placement. */
export type DocumentTemplateListDoc = Omit<DocumentTemplateVersionDoc, 'placement'>;

const DUPLICATE_KEY = 11000;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The only reader and writer of `document_templates`. */
@Injectable()
export class DocumentTemplateRepository implements OnModuleInit {
  private readonly versions: Collection<DocumentTemplateVersionDoc>;

  constructor(@InjectConnection() connection: Connection) {
    this.versions = connection.collection<DocumentTemplateVersionDoc>(
      'document_templates',
    ) as unknown as Collection<DocumentTemplateVersionDoc>;
  }

  /** The list (newest versions by filter, newest first), a template's versions, an upload's users. */
  async onModuleInit(): Promise<void> {
    await Promise.all([
      this.versions.createIndex({ latest: 1, archived: 1, createdAt: -1 }).catch(() => undefined),
      this.versions.createIndex({ templateId: 1, version: -1 }).catch(() => undefined),
      this.versions.createIndex({ uploadId: 1 }).catch(() => undefined),
    ]);
  }

  /**
   * Stores a new version and makes it the newest. False when that version number is taken
   * (another save of the same version landed first).
   */
  async insertVersion(doc: DocumentTemplateVersionDoc): Promise<boolean> {
    try {
      await this.versions.insertOne(doc);
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
      throw error;
    }
    await this.versions.updateMany(
      { templateId: doc.templateId, version: { $lt: doc.version }, latest: true },
      { $set: { latest: false } },
    );
    return true;
  }

  /** A template's version `version`, or its newest when none is named. */
  findVersion(templateId: string, version?: number): Promise<DocumentTemplateVersionDoc | null> {
    if (version !== undefined) return this.versions.findOne({ _id: `${templateId}:${version}` });
    return this.versions.findOne({ templateId }, { sort: { version: -1 } });
  }

  /** Archives or restores every version of a template; false when there is no such template. */
  async setArchived(templateId: string, archived: boolean): Promise<boolean> {
    const { matchedCount } = await this.versions.updateMany({ templateId }, { $set: { archived } });
    return matchedCount > 0;
  }

  /** A page of the newest versions, archived or not, whose name or file name has `search`. */
  async list(
    query: { archived: boolean; search: string },
    window: { skip: number; limit: number },
  ): Promise<{ rows: DocumentTemplateListDoc[]; total: number }> {
    const filter = {
      latest: true,
      archived: query.archived,
      ...(query.search ? { searchText: { $regex: escapeRegex(query.search) } } : {}),
    };
    const [rows, total] = await Promise.all([
      this.versions
        .find(filter, { projection: { placement: 0 } })
        .sort({ createdAt: -1, _id: -1 })
        .skip(window.skip)
        .limit(window.limit)
        .toArray(),
      this.versions.countDocuments(filter),
    ]);
    return { rows, total };
  }

  /**
   * Whether a template version uses the upload: a clean-up of uploads must keep its file while
   * one does (an agreement may still be sent from any version).
   */
  async usesUpload(uploadId: string): Promise<boolean> {
    return (await this.versions.countDocuments({ uploadId }, { limit: 1 })) > 0;
  }
}
