import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  recipientsOfFields,
  type DocumentDraft,
  type DocumentDraftSaved,
  type DocumentTemplateVersionRef,
} from '@prosign/domain';
import { Types } from 'mongoose';
import { PdfIntakeService } from '../pdf-intake';
import { DraftBodyError, draftFields, draftRevision, draftSigners } from './draft-body';
import { DocumentDraftRepository, type DocumentDraftDoc } from './document-draft.repository';

/** Who acts: the signed-in staff member. */
interface DraftActor {
  email: string;
  isAdmin: boolean;
}

const NOT_FOUND = 'No such draft.';

function draftView(doc: DocumentDraftDoc): DocumentDraft {
  return {
    id: doc._id,
    uploadId: doc.uploadId,
    fileName: doc.fileName,
    placement: doc.placement,
    signers: doc.signers,
    createdBy: doc.createdBy,
    updatedAt: doc.updatedAt.toISOString(),
    revision: doc.revision,
    template: doc.template ?? null,
  };
}

/**
 * Drafts of "document" agreements: the field builder's work saved as it goes. Each is its
 * creator's (admins may open any); anyone else is told there is no such draft, as for an id
 * that names none, so ids reveal nothing.
 */
@Injectable()
export class DocumentDraftsService {
  constructor(
    private readonly drafts: DocumentDraftRepository,
    private readonly intake: PdfIntakeService,
  ) {}

  /** A new draft of an upload, with the pages and fields its intake found. */
  async create(uploadId: unknown, actor: DraftActor): Promise<DocumentDraft> {
    if (typeof uploadId !== 'string') throw new BadRequestException('uploadId is required.');
    const upload = await this.intake.storedUpload(uploadId, actor);
    if (!upload) throw new NotFoundException('No such uploaded PDF.');
    const { pages, fields } = upload.metadata;
    const doc: DocumentDraftDoc = {
      _id: new Types.ObjectId().toHexString(),
      uploadId,
      fileName: upload.fileName,
      placement: { pages, fields },
      signers: recipientsOfFields(fields),
      createdBy: actor.email,
      updatedAt: new Date(),
      revision: 1,
    };
    await this.drafts.insert(doc);
    return draftView(doc);
  }

  /**
   * A new draft of a template's version (document-templates): the file the caller may read
   * (a copy of the template's upload made theirs), the template's fields, a person for each
   * role, and the version, which the agreement sent from the draft keeps.
   */
  async createFromTemplate(
    prepared: Pick<DocumentDraft, 'uploadId' | 'fileName' | 'placement' | 'signers'> & {
      template: DocumentTemplateVersionRef;
    },
    actor: DraftActor,
  ): Promise<DocumentDraft> {
    const doc: DocumentDraftDoc = {
      _id: new Types.ObjectId().toHexString(),
      ...prepared,
      createdBy: actor.email,
      updatedAt: new Date(),
      revision: 1,
    };
    await this.drafts.insert(doc);
    return draftView(doc);
  }

  async read(id: string, actor: DraftActor): Promise<DocumentDraft> {
    return draftView(await this.owned(id, actor));
  }

  /**
   * Saves fields and signers over `revision`: 409 when another save landed since (another tab),
   * 400 for a malformed body. The pages stay the file's.
   */
  async save(id: string, body: unknown, actor: DraftActor): Promise<DocumentDraftSaved> {
    const draft = await this.owned(id, actor);
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    let change;
    let revision;
    try {
      revision = draftRevision(input.revision);
      change = {
        fields: draftFields(input.placement, draft.placement.pages),
        signers: draftSigners(input.signers),
        updatedAt: new Date(),
      };
    } catch (error) {
      if (error instanceof DraftBodyError) throw new BadRequestException(error.message);
      throw error;
    }
    const saved = await this.drafts.save(id, revision, change);
    if (!saved)
      throw new ConflictException(
        'This draft was changed elsewhere (another tab or window) since it was opened here.',
      );
    return { revision: saved.revision, updatedAt: saved.updatedAt.toISOString() };
  }

  private async owned(id: string, actor: DraftActor): Promise<DocumentDraftDoc> {
    const draft = await this.drafts.findById(id);
    if (!draft || (!actor.isAdmin && draft.createdBy !== actor.email))
      throw new NotFoundException(NOT_FOUND);
    return draft;
  }
}
