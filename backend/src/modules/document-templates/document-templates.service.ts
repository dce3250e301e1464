import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  normalizeSearch,
  pageCount,
  pageWindow,
  type AgreementPage,
  type DocumentDraft,
  type DocumentTemplate,
  type DocumentTemplateSummary,
  type DraftSigner,
  type Field,
} from '@prosign/domain';
import { Types } from 'mongoose';
import { DocumentDraftsService, draftFields, DraftBodyError } from '../document-drafts';
import { PdfIntakeService } from '../pdf-intake';
import {
  DocumentTemplateRepository,
  type DocumentTemplateListDoc,
  type DocumentTemplateVersionDoc,
} from './document-template.repository';
import {
  recipientsOfRoles,
  rolePeople,
  templateName,
  templateRoles,
  TemplateBodyError,
} from './template-body';

/** Who acts: the signed-in staff member. */
interface TemplateActor {
  email: string;
  isAdmin: boolean;
}

type Input = Record<string, unknown>;

const NOT_FOUND = 'No such template.';

function summaryView(doc: DocumentTemplateListDoc): DocumentTemplateSummary {
  return {
    id: doc.templateId,
    name: doc.name,
    version: doc.version,
    fileName: doc.fileName,
    pageCount: doc.pageCount,
    fieldCount: doc.fieldCount,
    roles: doc.roles,
    archived: doc.archived,
    updatedAt: doc.createdAt.toISOString(),
    updatedBy: doc.createdBy,
  };
}

function templateView(doc: DocumentTemplateVersionDoc): DocumentTemplate {
  return { ...summaryView(doc), uploadId: doc.uploadId, placement: doc.placement };
}

const bodyOf = (body: unknown): Input =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Input) : {};

/** A body's checks run; their reasons answered as one 400. */
function checked<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof TemplateBodyError) throw new BadRequestException(error.problems);
    if (error instanceof DraftBodyError) throw new BadRequestException(error.message);
    throw error;
  }
}

/**
 * Templates of "document" agreements: a prepared document (an upload and its fields) kept with
 * roles instead of people, shared by the staff who prepare documents. Each save is a new
 * version and versions never change, so a draft made from version 2 (and the agreement sent
 * from it) keeps version 2 whatever is saved later.
 */
@Injectable()
export class DocumentTemplatesService {
  constructor(
    private readonly templates: DocumentTemplateRepository,
    private readonly drafts: DocumentDraftsService,
    private readonly intake: PdfIntakeService,
  ) {}

  /** A new template (version 1) from one of the caller's drafts. */
  async create(body: unknown, actor: TemplateActor): Promise<DocumentTemplate> {
    const input = bodyOf(body);
    const name = checked(() => templateName(input.name));
    if (typeof input.draftId !== 'string') throw new BadRequestException('draftId is required.');
    const draft = await this.drafts.read(input.draftId, actor);
    const prepared = checked(() =>
      templateRoles(input.roles, draft.signers, draft.placement.fields),
    );
    const doc = this.versionDoc(new Types.ObjectId().toHexString(), 1, {
      name,
      archived: false,
      uploadId: draft.uploadId,
      fileName: draft.fileName,
      placement: { pages: draft.placement.pages, fields: prepared.fields },
      roles: prepared.roles,
      actor,
    });
    await this.templates.insertVersion(doc);
    return templateView(doc);
  }

  /**
   * A new version of a template: from one of the caller's drafts (its upload and fields), or
   * a placement on the newest version's upload. The versions before it stay as they were.
   */
  async saveVersion(id: string, body: unknown, actor: TemplateActor): Promise<DocumentTemplate> {
    const newest = await this.found(id);
    const input = bodyOf(body);
    const name = checked(() => templateName(input.name));
    let source: {
      uploadId: string;
      fileName: string;
      pages: DocumentTemplate['placement']['pages'];
    };
    let prepared: { roles: DocumentTemplate['roles']; fields: Field[] };
    if (typeof input.draftId === 'string') {
      const draft = await this.drafts.read(input.draftId, actor);
      source = { uploadId: draft.uploadId, fileName: draft.fileName, pages: draft.placement.pages };
      prepared = checked(() => templateRoles(input.roles, draft.signers, draft.placement.fields));
    } else if (input.placement !== undefined) {
      source = { ...newest, pages: newest.placement.pages };
      prepared = checked(() =>
        templateRoles(
          input.roles,
          recipientsOfRoles(input.roles),
          draftFields(input.placement, newest.placement.pages),
        ),
      );
    } else throw new BadRequestException('Send draftId (a draft) or placement (its fields).');
    const doc = this.versionDoc(id, newest.version + 1, {
      name,
      archived: newest.archived,
      uploadId: source.uploadId,
      fileName: source.fileName,
      placement: { pages: source.pages, fields: prepared.fields },
      roles: prepared.roles,
      actor,
    });
    if (!(await this.templates.insertVersion(doc)))
      throw new ConflictException(
        `Version ${doc.version} of this template was saved elsewhere just now: open it again.`,
      );
    return templateView(doc);
  }

  async list(query: {
    search?: string;
    archived?: string;
    page?: string;
    limit?: string;
  }): Promise<AgreementPage<DocumentTemplateSummary>> {
    const window = pageWindow(
      query.page === undefined ? undefined : Number(query.page),
      query.limit === undefined ? undefined : Number(query.limit),
    );
    if ('error' in window) throw new BadRequestException(window.error);
    if (query.archived !== undefined && !['true', 'false'].includes(query.archived))
      throw new BadRequestException('archived must be true or false.');
    const { rows, total } = await this.templates.list(
      { archived: query.archived === 'true', search: normalizeSearch(query.search ?? '') },
      window,
    );
    return {
      rows: rows.map(summaryView),
      total,
      totalPages: pageCount(total, window.limit),
      page: window.page,
      limit: window.limit,
    };
  }

  /** A template's version `version` (a whole number from 1), else its newest. */
  async read(id: string, version: string | undefined): Promise<DocumentTemplate> {
    return templateView(await this.found(id, version));
  }

  async setArchived(id: string, archived: boolean): Promise<DocumentTemplateSummary> {
    if (!(await this.templates.setArchived(id, archived))) throw new NotFoundException(NOT_FOUND);
    return summaryView(await this.found(id));
  }

  /**
   * A builder draft of a template's version (the newest unless one is named), with the person
   * named for each role; the draft keeps the version. An archived template is not used.
   */
  async draft(id: string, body: unknown, actor: TemplateActor): Promise<DocumentDraft> {
    const input = bodyOf(body);
    const requested = input.version;
    if (requested !== undefined && !(Number.isInteger(requested) && (requested as number) >= 1))
      throw new BadRequestException('version must be a whole number from 1.');
    const template = await this.found(id, requested as number | undefined);
    if (template.archived)
      throw new ConflictException('This template is archived: restore it to use it.');
    const people = checked(() => rolePeople(input.people, template.roles));
    const uploadId = await this.intake.uploadFor(template.uploadId, actor);
    // A template keeps its upload (DocumentTemplateRepository.usesUpload), so this is a fault.
    if (!uploadId) throw new Error(`Template ${id} v${template.version}: its upload is gone`);
    const signers: DraftSigner[] = template.roles.map((role) => ({
      id: role.id,
      role: role.id.startsWith('signer-') ? 'signer' : 'countersigner',
      ...people.get(role.id)!,
    }));
    return this.drafts.createFromTemplate(
      {
        uploadId,
        fileName: template.fileName,
        placement: template.placement,
        signers,
        template: { id, version: template.version },
      },
      actor,
    );
  }

  private versionDoc(
    templateId: string,
    version: number,
    content: Pick<
      DocumentTemplateVersionDoc,
      'name' | 'archived' | 'uploadId' | 'fileName' | 'placement' | 'roles'
    > & { actor: TemplateActor },
  ): DocumentTemplateVersionDoc {
    const { actor, ...stored } = content;
    return {
      _id: `${templateId}:${version}`,
      templateId,
      version,
      latest: true,
      ...stored,
      searchText: normalizeSearch(`${content.name} | ${content.fileName}`),
      pageCount: content.placement.pages.length,
      fieldCount: content.placement.fields.length,
      createdAt: new Date(),
      createdBy: actor.email,
    };
  }

  private async found(id: string, version?: string | number): Promise<DocumentTemplateVersionDoc> {
    let number: number | undefined;
    if (version !== undefined) {
      number = Number(version);
      if (!Number.isInteger(number) || number < 1)
        throw new BadRequestException('version must be a whole number from 1.');
    }
    const doc = await this.templates.findVersion(id, number);
    if (!doc)
      throw new NotFoundException(
        version === undefined ? NOT_FOUND : 'No such version of this template.',
      );
    return doc;
  }
}
